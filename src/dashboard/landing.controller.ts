import { Controller, Get, Header, StreamableFile } from '@nestjs/common';
import { Public } from '../auth/public.decorator.js';
import { FAVICON_ICO, FAVICON_SVG } from './favicon.js';
import { landingPage } from './landing.view.js';

const ICON_CACHE = 'public, max-age=86400';

/**
 * The service's root page and icons. Only these exact paths: any other unknown path stays
 * the API's problem+json 404, so API clients see no change.
 */
@Public()
@Controller()
export class LandingController {
  private readonly page = landingPage();

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  landing(): string {
    return this.page;
  }

  @Get('favicon.svg')
  @Header('Content-Type', 'image/svg+xml')
  @Header('Cache-Control', ICON_CACHE)
  svg(): string {
    return FAVICON_SVG;
  }

  @Get('favicon.ico')
  @Header('Cache-Control', ICON_CACHE)
  ico(): StreamableFile {
    // A Buffer returned as is would be sent as JSON.
    return new StreamableFile(FAVICON_ICO, { type: 'image/x-icon' });
  }
}
