import { All, Controller, NotFoundException, UseFilters } from '@nestjs/common';
import { Public } from '../auth/public.decorator.js';
import { DashboardErrorFilter } from './dashboard-error.filter.js';

/** Any other address under /dashboard: a friendly 404 page, not the API's problem body. */
@Public()
@UseFilters(DashboardErrorFilter)
@Controller('dashboard')
export class NotFoundController {
  @All('*path')
  notFound(): never {
    throw new NotFoundException();
  }
}
