import type {
  AnswerKind,
  AnswerPreview,
  AnswerRequest,
  AnswerResult,
} from '@homeminder/shared/contracts/answers';
import { api } from '../../lib/http';

export function previewAnswer(action: AnswerKind, token: string): Promise<AnswerPreview> {
  return api.post('/answers/:action/preview', { params: { action }, body: { token } });
}

export function sendAnswer(action: AnswerKind, request: AnswerRequest): Promise<AnswerResult> {
  return api.post('/answers/:action', { params: { action }, body: request });
}
