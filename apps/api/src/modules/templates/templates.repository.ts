import { and, asc, eq, sql } from 'drizzle-orm';
import { countRows, textTaken } from '../../db/query-helpers';
import type { Database } from '../../db/client';
import { templates } from '../../db/schema';
import type { TemplateFile } from './template-file';

/** Every column but the file itself, which only the download reads. */
const summary = {
  id: templates.id,
  templateId: templates.templateId,
  name: templates.name,
  fileName: templates.fileName,
  contentType: templates.contentType,
  fileSize: templates.fileSize,
  uploadedAt: templates.uploadedAt,
  createdAt: templates.createdAt,
  updatedAt: templates.updatedAt,
};
export type TemplateRow = {
  [K in keyof typeof summary]: (typeof templates.$inferSelect)[K];
};

/** Document templates of one corporation; every function takes the tenant first. */
export function templatesRepository(db: Database) {
  const byKey = (tenantId: string, templateId: string) =>
    and(eq(templates.tenantId, tenantId), eq(templates.templateId, templateId));

  return {
    async list(tenantId: string): Promise<{ items: TemplateRow[]; totalItemCount: number }> {
      const items = await db
        .select(summary)
        .from(templates)
        .where(eq(templates.tenantId, tenantId))
        .orderBy(asc(sql`lower(${templates.name})`), asc(templates.templateId));
      return { items, totalItemCount: await countRows(db, templates, eq(templates.tenantId, tenantId)) };
    },

    async find(tenantId: string, templateId: string): Promise<TemplateRow | undefined> {
      const [row] = await db.select(summary).from(templates).where(byKey(tenantId, templateId));
      return row;
    },

    async keyExists(tenantId: string, templateId: string): Promise<boolean> {
      const [row] = await db.select({ id: templates.id }).from(templates).where(byKey(tenantId, templateId));
      return Boolean(row);
    },

    /** Names are unique without regard to letter case, as the unique index says. */
    nameExists: (tenantId: string, name: string): Promise<boolean> =>
      textTaken(db, templates.name, name, eq(templates.tenantId, tenantId)),

    async create(tenantId: string, input: { templateId: string; name: string }): Promise<TemplateRow> {
      const [row] = await db
        .insert(templates)
        .values({ tenantId, templateId: input.templateId, name: input.name })
        .returning(summary);
      return row!;
    },

    async saveFile(
      tenantId: string,
      templateId: string,
      file: TemplateFile,
      at: Date,
    ): Promise<TemplateRow | undefined> {
      const [row] = await db
        .update(templates)
        .set({
          file: file.data,
          fileName: file.fileName,
          contentType: file.contentType,
          fileSize: file.data.length,
          uploadedAt: at,
          updatedAt: at,
        })
        .where(byKey(tenantId, templateId))
        .returning(summary);
      return row;
    },

    async file(tenantId: string, templateId: string) {
      const [row] = await db
        .select({ file: templates.file, fileName: templates.fileName, contentType: templates.contentType })
        .from(templates)
        .where(byKey(tenantId, templateId));
      return row;
    },
  };
}
export type TemplatesRepository = ReturnType<typeof templatesRepository>;
