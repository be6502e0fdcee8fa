import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Template, TemplateCreate } from '@homeminder/shared/contracts/templates';
import { templateUpload } from '@homeminder/shared/contracts/templates';
import { api, downloadFile } from '../../lib/http';
import { queryKey, useSessionTenant } from '../../lib/query-keys';

/** Query keys begin with the tenant, so one corporation's templates never show in another's screen. */
function useTemplatesKey() {
  return queryKey(useSessionTenant(), 'templates');
}

export function useTemplates() {
  const key = useTemplatesKey();
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get('/admin/template', { signal }),
  });
}

/** Is the template id taken? (docs/requirements.md §8.2: `exists_{id}`) */
export async function templateIdExists(templateId: string): Promise<boolean> {
  const response = await api.post('/admin/template/exists_:id', { params: { id: templateId } });
  return response.exists;
}

/** Is the name taken, letter case aside? (docs/requirements.md §8.2: `exists {name}`) */
export async function templateNameExists(name: string): Promise<boolean> {
  return (await api.post('/admin/template/exists', { body: { name } })).exists;
}

/** A change to the templates; the list is loaded again once it is made. */
function useTemplatesChange<Input, ResponseBody>(mutationFn: (input: Input) => Promise<ResponseBody>) {
  const queryClient = useQueryClient();
  const key = useTemplatesKey();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: key }) });
}

export function useCreateTemplate() {
  return useTemplatesChange((input: TemplateCreate) => api.post('/admin/template', { body: input }));
}

/** Uploads a template's file, or replaces the one it has. */
export function useUploadTemplateFile() {
  return useTemplatesChange(({ templateId, file }: { templateId: string; file: File }) => {
    const form = new FormData();
    form.append(templateUpload.fieldName, file);
    return api.post('/admin/template/file/:templateId', { params: { templateId }, body: form });
  });
}

/** Saves the template's file on the device, under the name the server gives. */
export function downloadTemplateFile(template: Template): Promise<Blob> {
  return downloadFile('GET /admin/template/file/:templateId', {
    params: { templateId: template.templateId },
    fileName: template.fileName ?? `${template.templateId}`,
  });
}
