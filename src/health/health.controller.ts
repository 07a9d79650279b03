import { Controller, Get } from '@nestjs/common';

@Controller()
export class HealthController {
  /** Liveness: the process answers. */
  @Get('healthz')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }
}
