import {
  BadRequestException,
  Controller,
  Get,
  NotFoundException,
  Param,
  Post,
  Req,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { Public } from '../auth/public.decorator.js';
import { AskedNamesRepository, type AskedStatus } from '../curation/asked-names.repository.js';
import { AliasRefused, NameAliasesRepository } from '../curation/name-aliases.repository.js';
import { ProductSearchRepository } from '../curation/product-search.repository.js';
import { askedNameProductPage, MAX_QUERY_CHARS } from './asked-name-product.view.js';
import { askedNamesCsv } from './asked-names-csv.js';
import {
  askedNamesPage,
  NAMES_PER_PAGE,
  placeUrl,
  REVIEW_LISTS,
  type Place,
  type ReviewList,
} from './asked-names.view.js';
import { DashboardErrorFilter } from './dashboard-error.filter.js';
import { formFields, signedIn } from './dashboard-request.js';
import { AdminGuard, CsrfGuard, SessionGuard } from './session.guard.js';

const PAGE = /^[1-9]\d{0,5}$/;

/** What the query or form says, when it says it once as text. */
const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** The list and page a request names (the first page of names to review when it names none). */
function placeOf(list: unknown, page: unknown): Place {
  const named = list === undefined ? 'pending' : text(list);
  if (named === undefined || !Object.hasOwn(REVIEW_LISTS, named))
    throw new BadRequestException('That is not a list of names: use pending or demand.');
  const number = page === undefined ? '1' : text(page);
  if (number === undefined || !PAGE.test(number))
    throw new BadRequestException('That is not a page of the list: use a whole number from 1.');
  return { list: named as ReviewList, page: Number(number) };
}

/** The lists a name can be moved to from the page, each with what the admin is told. */
const MOVES: Record<string, { status: AskedStatus; notice: (name: string) => string }> = {
  demand: { status: 'demand', notice: (name) => `“${name}” is on the demand list.` },
  ignored: { status: 'ignored', notice: (name) => `“${name}” is ignored.` },
  pending: { status: 'pending', notice: (name) => `“${name}” is back on the list to review.` },
};

const confirmed = (name: string, product: string) =>
  `“${name}” now finds ${product}, on every instance within seconds.`;

/** Admins: the names lookups refused, reviewed one action at a time, and their exports. */
@Public() // no API key: the dashboard uses its own session cookie
@UseFilters(DashboardErrorFilter)
@UseGuards(SessionGuard, CsrfGuard, AdminGuard)
@Controller('dashboard/names')
export class AskedNamesController {
  constructor(
    private readonly asked: AskedNamesRepository,
    private readonly aliases: NameAliasesRepository,
    private readonly products: ProductSearchRepository,
  ) {}

  @Get()
  async pending(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.show(req, res, placeOf('pending', req.query.page), this.notice(req));
  }

  @Get('demand')
  async demand(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.show(req, res, placeOf('demand', req.query.page), this.notice(req));
  }

  @Get('product')
  async product(@Req() req: Request, @Res() res: Response): Promise<void> {
    const place = placeOf(req.query.list, req.query.page);
    const name = text(req.query.name)?.trim();
    if (!name) throw new BadRequestException('Say which name to find a product for.');
    const query = (text(req.query.q) ?? name.slice(0, MAX_QUERY_CHARS)).trim();
    if (query.length > MAX_QUERY_CHARS)
      throw new BadRequestException(`Search with at most ${MAX_QUERY_CHARS} characters.`);
    res.type('html').send(
      askedNameProductPage({
        account: signedIn(req),
        csrf: req.csrfToken!,
        place,
        name,
        query,
        products: await this.products.search(query),
      }),
    );
  }

  @Get(':list.csv')
  async export(@Param('list') list: string, @Res() res: Response): Promise<void> {
    if (!Object.hasOwn(REVIEW_LISTS, list)) throw new NotFoundException();
    const csv = await askedNamesCsv((limit, offset) =>
      this.asked.list(list as ReviewList, limit, offset),
    );
    res.attachment(`names-${list}-${new Date().toISOString().slice(0, 10)}.csv`);
    await pipeline(csv, res);
  }

  /** "Is this product": the name becomes the product's alias, and leaves the lists. */
  @Post('alias')
  async confirm(@Req() req: Request, @Res() res: Response): Promise<void> {
    const fields = formFields(req);
    const place = placeOf(fields.list, fields.page);
    const name = fields.name?.trim();
    const product = fields.product?.trim();
    if (!name) throw new BadRequestException('The form did not say which name to confirm.');
    if (!product) throw new BadRequestException('Choose the product the name is.');
    let alias;
    try {
      alias = await this.aliases.add(name, product);
    } catch (error) {
      if (!(error instanceof AliasRefused)) throw error;
      return await this.show(req, res, place, { error: `Not confirmed: ${error.message}.` }, 409);
    }
    res.redirect(
      303,
      placeUrl(place, { done: 'alias', name: alias.name, product: alias.productId }),
    );
  }

  /** "Not in the catalog", "Ignore", "Back to review": the name moves to that list. */
  @Post('review')
  async review(@Req() req: Request, @Res() res: Response): Promise<void> {
    const fields = formFields(req);
    const place = placeOf(fields.list, fields.page);
    const { key, to = '' } = fields;
    if (!key) throw new BadRequestException('The form did not say which name to move.');
    if (!Object.hasOwn(MOVES, to))
      throw new BadRequestException('Move a name to the demand list, to ignored, or back.');
    if (!(await this.asked.review(key, MOVES[to]!.status))) {
      const error =
        'That name is no longer on the lists: it was confirmed, or dropped as not asked for long.';
      return await this.show(req, res, place, { error }, 404);
    }
    res.redirect(303, placeUrl(place, { done: to, name: fields.name ?? key }));
  }

  /** The notice of the action the admin was sent back from, if the query names one. */
  private notice(req: Request): { notice?: string } {
    const done = text(req.query.done) ?? '';
    const name = text(req.query.name);
    if (name === undefined) return {};
    if (done === 'alias') return { notice: confirmed(name, text(req.query.product) ?? '') };
    return Object.hasOwn(MOVES, done) ? { notice: MOVES[done]!.notice(name) } : {};
  }

  private async show(
    req: Request,
    res: Response,
    place: Place,
    message: { notice?: string; error?: string },
    status = 200,
  ): Promise<void> {
    const counts = await this.asked.counts();
    // A page past the end (its last names just moved) shows the last page.
    const pages = Math.max(1, Math.ceil(counts[place.list] / NAMES_PER_PAGE));
    const shown = { ...place, page: Math.min(place.page, pages) };
    const names = await this.asked.list(
      shown.list,
      NAMES_PER_PAGE,
      (shown.page - 1) * NAMES_PER_PAGE,
    );
    res
      .status(status)
      .type('html')
      .send(
        askedNamesPage({
          account: signedIn(req),
          csrf: req.csrfToken!,
          place: shown,
          names,
          counts,
          now: new Date(),
          ...message,
        }),
      );
  }
}
