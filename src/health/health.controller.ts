import { Controller, Get } from '@nestjs/common';
import { Public } from '../auth/public.decorator.js';

@Public()
@Controller()
export class HealthController {
  /** Liveness: the process answers. */
  @Get('healthz')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }
}
