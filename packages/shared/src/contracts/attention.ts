import { z } from '../zod';
import { idSchema } from '../validation/ids';
import { pageNumberSchema } from '../validation/paging';
import { optionalId } from './clients';
import { homeSystemKindNames } from './home-systems';
import { fieldPer, messageResponseSchema, pagePositionShape } from './shapes';
import { attentionMessages, attentionReasons, attentionRules } from '../attention-words';

export * from '../attention-words';

/** `GET /home/attention?realtorId=&page=`: a manager's choice of realtor (a realtor sees only their own). */
export const attentionQuerySchema = z.object({
  realtorId: optionalId,
  page: pageNumberSchema.default(1),
});
export type AttentionQueryInput = z.input<typeof attentionQuerySchema>;
export type AttentionQuery = z.output<typeof attentionQuerySchema>;

/** One client with one reason, and what the next step needs. */
export const attentionItemSchema = z.object({
  reason: z.enum(attentionReasons),
  clientId: z.string(),
  clientName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  realtorName: z.string().nullable(),
  /** Since when, ISO: asked, due, failed, unsubscribed or invited. */
  since: z.string(),
  /** The property concerned (help, overdue), to open the client on it. */
  propertyId: z.string().nullable(),
  /** The help request to mark handled. */
  answerId: z.string().nullable(),
  /** The task asked about or overdue. */
  task: z.string().nullable(),
  /** The homeowner's note with a help request, or the subject of the email not delivered. */
  detail: z.string().nullable(),
  /** The system likely to need replacing, or whose warranty ends. */
  system: z
    .object({
      kind: z.enum(homeSystemKindNames),
      type: z.string().nullable(),
      installedYear: z.number().nullable(),
      warrantyEndsOn: z.string().nullable(),
    })
    .nullable(),
});
export type AttentionItem = z.infer<typeof attentionItemSchema>;

export const attentionListSchema = z.object({
  items: z.array(attentionItemSchema),
  ...pagePositionShape,
  /** Rows of every page. */
  total: z.number(),
  /** Rows of every page, per reason: each reason named, so the OpenAPI document lists them. */
  counts: z.object(fieldPer(attentionReasons, z.number())),
});
export type AttentionList = z.infer<typeof attentionListSchema>;

export const helpHandledParamsSchema = z.object({ answerId: idSchema });

export const helpHandledSchema = z.object({
  note: z
    .string({ error: attentionMessages.noteRequired })
    .trim()
    .min(1, { error: attentionMessages.noteRequired })
    .max(attentionRules.handledNoteMaxLength, { error: attentionMessages.noteTooLong }),
});
export type HelpHandledInput = z.infer<typeof helpHandledSchema>;

export const helpHandledResultSchema = messageResponseSchema.extend({
  handledAt: z.string(),
  handledByName: z.string(),
});
export type HelpHandledResult = z.infer<typeof helpHandledResultSchema>;
