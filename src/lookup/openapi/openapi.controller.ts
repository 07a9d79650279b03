import { Controller, Get, Header } from '@nestjs/common';
import { Public } from '../../auth/public.decorator.js';
import { AppConfig } from '../../config/app-config.js';
import { openApiDocument } from './openapi.document.js';
import { REFERENCE_CSP, referencePage } from './reference-page.js';

@Public()
@Controller('v1')
export class OpenApiController {
  private readonly document: Record<string, unknown>;
  private readonly page: string;

  constructor(config: AppConfig) {
    this.document = openApiDocument(config.publicBaseUrl, config.quota);
    this.page = referencePage(this.document);
  }

  @Get('openapi.json')
  json(): Record<string, unknown> {
    return this.document;
  }

  @Get('reference')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Content-Security-Policy', REFERENCE_CSP)
  reference(): string {
    return this.page;
  }
}
