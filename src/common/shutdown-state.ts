import { Injectable } from '@nestjs/common';

/** Set when a termination signal arrives (main.ts), so readiness turns 503 at once. */
@Injectable()
export class ShutdownState {
  shuttingDown = false;
}
