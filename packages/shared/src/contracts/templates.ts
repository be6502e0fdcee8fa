/**
 * Document templates (docs/requirements.md §5, §7, §8.2 and §12): a template has the
 * caller's own key (`templateId`), a name, and one uploaded file. Only holders of the system
 * privilege ManageNotifications manage them (docs/decisions/021).
 */
import { z } from '../zod';
import { timestampsShape } from './shapes';
import { messages } from '../validation/messages';
import { pagedResultSchema } from '../validation/paging';
import { requiredString } from '../validation/rules';
import { uploadMessages } from './upload-messages';

export const templateLimits = { templateId: 64, name: 120 } as const;

/** The upload (docs/requirements.md §8.2 "Templates"): one file in the multipart field `file`. */
export const templateUpload = {
  fieldName: 'file',
  maxBytes: 5 * 1024 * 1024,
  /** The kinds of file a template may be, by content (never by name). */
  types: {
    'application/pdf': { label: 'PDF', extensions: ['pdf'] },
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
      label: 'Word (DOCX)',
      extensions: ['docx'],
    },
    'text/html': { label: 'HTML', extensions: ['html', 'htm'] },
    'text/plain': { label: 'plain text', extensions: ['txt', 'text'] },
  },
} as const;
export type TemplateContentType = keyof typeof templateUpload.types;
export const templateContentTypes = Object.keys(templateUpload.types) as TemplateContentType[];

/** Extensions a browser's file picker may offer for templates. */
export const templateFileAccept = Object.values(templateUpload.types)
  .flatMap((type) => type.extensions.map((extension) => `.${extension}`))
  .join(',');

export const templateMessages = {
  templateIdInvalid:
    'Template id may use letters, numbers, dots (.), hyphens (-) and underscores (_), and must start with a letter or number',
  templateIdTaken: 'A template with this id already exists. Choose another id.',
  nameTaken: 'A template with this name already exists. Choose another name.',
  notFound: 'The template was not found.',
  noFile: 'This template has no file yet. Upload one first.',
  ...uploadMessages({ noun: 'file', ...templateUpload }),
  missing: `No file was sent. Choose a file (field "${templateUpload.fieldName}").`,
  wrongType: 'The file is not a PDF, Word (DOCX), HTML or plain text document. Please choose one of these.',
  nameMismatch: (label: string) =>
    `The file's name says one kind of document, but its content is ${label}. Please check the file.`,
} as const;

/** The caller's key: trimmed, letters, digits, dot, hyphen and underscore, safe in an address. */
export const templateKeySchema = requiredString.pipe(
  z
    .string()
    .trim()
    .max(templateLimits.templateId, { error: messages.textTooLong(templateLimits.templateId) })
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { error: templateMessages.templateIdInvalid }),
);

export const templateNameSchema = requiredString.pipe(
  z
    .string()
    .trim()
    .max(templateLimits.name, { error: messages.textTooLong(templateLimits.name) }),
);

/** Template create payload (docs/requirements.md §5): templateId and name; the response has the id. */
export const templateCreateSchema = z.object(
  { templateId: templateKeySchema, name: templateNameSchema },
  { error: messages.required },
);
export type TemplateCreate = z.infer<typeof templateCreateSchema>;

export const templateCreatedSchema = z.object({ id: z.string() });
export type TemplateCreated = z.infer<typeof templateCreatedSchema>;

/** `POST api/admin/template/exists` body: a name must be given. */
export const templateNameExistsSchema = z.object({ name: templateNameSchema }, { error: messages.required });

/** The response of both existence checks. */
export const templateExistsSchema = z.object({ exists: z.boolean() });
export type TemplateExists = z.infer<typeof templateExistsSchema>;

export const templateSchema = z.object({
  id: z.string(),
  templateId: z.string(),
  name: z.string(),
  fileName: z.string().nullable(),
  contentType: z.string().nullable(),
  fileSize: z.number().nullable(),
  uploadedAt: z.string().nullable(),
  ...timestampsShape,
});
export type Template = z.infer<typeof templateSchema>;

export const templateListSchema = pagedResultSchema(templateSchema);
export type TemplateList = z.infer<typeof templateListSchema>;
