import { Controller, Get, Header } from '@nestjs/common';
import { Public } from '../auth/public.decorator.js';
import { COPY_SCRIPT, STYLESHEET } from './assets.js';

/** The stylesheet and script, from the app itself (the CSP allows only 'self'). */
@Public()
@Controller('dashboard/assets')
export class AssetsController {
  @Get('app.css')
  @Header('Content-Type', 'text/css; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  css(): string {
    return STYLESHEET;
  }

  @Get('app.js')
  @Header('Content-Type', 'text/javascript; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  js(): string {
    return COPY_SCRIPT;
  }
}
