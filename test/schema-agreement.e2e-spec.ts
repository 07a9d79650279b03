import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import prismaInternals from '@prisma/internals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { projectRoot } from '../src/config/project-root.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// The Prisma schema is the typed model of the database and the migrations are written
// by hand: this proves they agree, model by model, field by field, index by index.

type Dmmf = Awaited<ReturnType<typeof prismaInternals.getDMMF>>['datamodel'];
type Field = Dmmf['models'][number]['fields'][number];

const UDT: Record<string, string> = {
  String: 'text',
  Int: 'int4',
  BigInt: 'int8',
  Float: 'float8',
  Boolean: 'bool',
  Decimal: 'numeric',
  Json: 'jsonb',
  Bytes: 'bytea',
  DateTime: 'timestamp',
};

interface Column {
  table_name: string;
  column_name: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  data_type: string;
}

/**
 * Indexes on expressions, which Prisma's schema cannot state: the migrations' own, each with
 * the migration that says why.
 */
const EXPRESSION_INDEXES = [
  // 20261130160000_product_scores_browse_order: a category's pages in either order.
  [
    'product_scores_price_order_idx',
    'CREATE INDEX product_scores_price_order_idx ON public.product_scores USING btree (category, ((starting_price_usd IS NULL)), COALESCE(starting_price_usd, (0)::double precision), ((- service_score)), product_id COLLATE "C")',
  ],
  [
    'product_scores_score_order_idx',
    'CREATE INDEX product_scores_score_order_idx ON public.product_scores USING btree (category, ((category_rank IS NULL)), ((COALESCE(category_rank, 0))::double precision), ((- service_score)), product_id COLLATE "C")',
  ],
];

describe('Prisma schema and migrated database', () => {
  let db: TestDatabase;
  let client: pg.Client;
  let dmmf: Dmmf;

  beforeAll(async () => {
    db = await createTestDatabase();
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const datamodel = readFileSync(path.join(projectRoot(), 'prisma/schema.prisma'), 'utf8');
    dmmf = (await prismaInternals.getDMMF({ datamodel })).datamodel;
  });

  afterAll(async () => {
    await client?.end();
    await db?.drop();
  });

  const tableOf = (model: string) => {
    const found = dmmf.models.find((m) => m.name === model);
    if (!found) throw new Error(`no model ${model}`);
    return found.dbName ?? found.name;
  };
  const columnOf = (model: string, field: string) => {
    const f = dmmf.models.find((m) => m.name === model)?.fields.find((x) => x.name === field);
    return f?.dbName ?? field;
  };
  const expectedUdt = (field: Field) => {
    if (field.kind === 'enum')
      return dmmf.enums.find((e) => e.name === field.type)?.dbName ?? field.type;
    const base = UDT[field.type] ?? field.type;
    if (field.type === 'DateTime' && field.nativeType?.[0] === 'Timestamptz') return 'timestamptz';
    return field.isList ? `_${base}` : base;
  };

  it('has a table for every model and no table without one', async () => {
    const { rows } = await client.query<{ tablename: string }>(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'",
    );
    expect(rows.map((r) => r.tablename).sort()).toEqual(
      dmmf.models.map((m) => m.dbName ?? m.name).sort(),
    );
  });

  it('has every field as a column of the same type, nullability and default, and no other column', async () => {
    const { rows } = await client.query<Column>(
      "SELECT table_name, column_name, udt_name, is_nullable, column_default, data_type FROM information_schema.columns WHERE table_schema = 'public'",
    );
    for (const model of dmmf.models) {
      const table = model.dbName ?? model.name;
      const scalars = model.fields.filter((f) => f.kind === 'scalar' || f.kind === 'enum');
      const columns = rows.filter((r) => r.table_name === table);
      expect(columns.map((c) => c.column_name).sort()).toEqual(
        scalars.map((f) => f.dbName ?? f.name).sort(),
      );
      for (const field of scalars) {
        const column = columns.find((c) => c.column_name === (field.dbName ?? field.name));
        const described = `${table}.${column?.column_name}`;
        expect({ described, udt: column?.udt_name }).toEqual({
          described,
          udt: expectedUdt(field),
        });
        // Prisma Migrate creates scalar lists as nullable columns (with a default).
        const nullable = field.isList || !field.isRequired;
        expect({ described, nullable: column?.is_nullable === 'YES' }).toEqual({
          described,
          nullable,
        });
        expect({ described, hasDefault: column?.column_default !== null }).toEqual({
          described,
          hasDefault: field.hasDefaultValue,
        });
      }
    }
  });

  it('has every enum with the same values', async () => {
    for (const e of dmmf.enums) {
      const { rows } = await client.query<{ value: string }>(
        `SELECT enumlabel AS value FROM pg_enum JOIN pg_type t ON t.oid = enumtypid
          WHERE t.typname = $1 ORDER BY enumsortorder`,
        [e.dbName ?? e.name],
      );
      expect(rows.map((r) => r.value)).toEqual(e.values.map((v) => v.dbName ?? v.name));
    }
  });

  it('has every index, key and primary key with its columns, method and operator class', async () => {
    const { rows } = await client.query<{ indexname: string; indexdef: string }>(
      "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'",
    );
    const expected = dmmf.indexes.map((index) => {
      const table = tableOf(index.model);
      const columns = index.fields.map((f) => columnOf(index.model, f.name));
      const suffix = index.type === 'id' ? 'pkey' : index.type === 'unique' ? 'key' : 'idx';
      const name =
        index.dbName ??
        (index.type === 'id' ? `${table}_pkey` : `${table}_${columns.join('_')}_${suffix}`);
      const method = (index.algorithm ?? 'BTree').toLowerCase();
      const ops = index.fields.map((f) =>
        f.operatorClass ? ` ${String(f.operatorClass).replace(/^raw\("(.*)"\)$/, '$1')}` : '',
      );
      const list = columns.map((c, i) => `${c}${ops[i]}`).join(', ');
      const unique = index.type === 'normal' ? '' : 'UNIQUE ';
      return [name, `CREATE ${unique}INDEX ${name} ON public.${table} USING ${method} (${list})`];
    });
    expect(rows.map((r) => [r.indexname, r.indexdef]).sort()).toEqual(
      [...expected, ...EXPRESSION_INDEXES].sort(),
    );
  });

  it('has every relation as a foreign key with its delete rule', async () => {
    const { rows } = await client.query<{
      table: string;
      column: string;
      ref: string;
      rule: string;
    }>(
      `SELECT tc.table_name AS table, kcu.column_name AS column, ccu.table_name AS ref, rc.delete_rule AS rule
         FROM information_schema.table_constraints tc
         JOIN information_schema.key_column_usage kcu USING (constraint_name, table_schema)
         JOIN information_schema.constraint_column_usage ccu USING (constraint_name, table_schema)
         JOIN information_schema.referential_constraints rc USING (constraint_name)
        WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = 'public'`,
    );
    const expected = dmmf.models.flatMap((model) =>
      model.fields
        .filter((f) => f.kind === 'object' && (f.relationFromFields?.length ?? 0) > 0)
        .map((f) => ({
          table: model.dbName ?? model.name,
          column: columnOf(model.name, f.relationFromFields![0]!),
          ref: tableOf(f.type),
          rule: (f.relationOnDelete ?? 'NoAction')
            .replace(/([a-z])([A-Z])/g, '$1 $2')
            .toUpperCase(),
        })),
    );
    const key = (r: { table: string; column: string }) => `${r.table}.${r.column}`;
    expect([...rows].sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
      expected.sort((a, b) => key(a).localeCompare(key(b))),
    );
  });
});
