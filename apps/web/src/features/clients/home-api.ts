/**
 * Server state of a client's home as staff see it in the client's details: its profile, systems
 * plan, care record and sale (docs/decisions/088 to 090, 094, 096). Keys and changes are the clients area's, so a change loads
 * the details and the Activity again.
 */
import { useQuery } from '@tanstack/react-query';
import type { CareEntryValues } from '@homeminder/shared/contracts/care-record';
import type { HomeProfileAnswers } from '@homeminder/shared/contracts/home-profile';
import type { HomeSaleInput } from '@homeminder/shared/contracts/home-sale';
import type { HomePlanChange } from '@homeminder/shared/contracts/home-plan';
import type { HomeSystemValues } from '@homeminder/shared/contracts/home-systems';
import type { LeadDays } from '@homeminder/shared/reminder-timing';
import type { EmailCadence } from '@homeminder/shared/email-cadence';
import type { TextConsent } from '@homeminder/shared/contracts/texts';
import { systemFileForm, type SystemFileCalls } from '../../components/home-systems/system-file-calls';
import { careFileForm, type CareRecordCalls } from '../../components/care-record/care-record-calls';
import type { HomeSystemsCalls } from '../../components/home-systems/home-systems-card';
import { api, downloadFile, fetchFile } from '../../lib/http';
import { useClientChange, useClientHeaders, useClientKey, type ClientHeaders } from './api';

/** What a read of a client's home is sent with: the home, and the corporation the screens act for. */
interface PropertyReadOptions {
  params: { id: string };
  signal: AbortSignal;
  headers: ClientHeaders;
}

/** A part of a client's home ('profile', 'plan'…), kept under the clients area's key. */
function usePropertyRead<Data>(
  part: string,
  propertyId: string,
  read: (options: PropertyReadOptions) => Promise<Data>,
) {
  const key = useClientKey();
  const headers = useClientHeaders();
  return useQuery({
    queryKey: key(part, propertyId),
    queryFn: ({ signal }) => read({ params: { id: propertyId }, signal, headers }),
  });
}

/** A client's home: its profile (docs/decisions/088). */
export function usePropertyProfile(propertyId: string) {
  return usePropertyRead('profile', propertyId, (options) =>
    api.get('/clients/properties/:id/profile', options),
  );
}

/** A client's home: its plan, made from its profile and systems (docs/decisions/090). */
export function usePropertyPlan(propertyId: string) {
  return usePropertyRead('plan', propertyId, (options) => api.get('/clients/properties/:id/plan', options));
}

/** Confirms the plan's changes; the client's details, plan and Activity load again. */
export function useApplyPropertyPlan(propertyId: string) {
  return useClientChange((change: HomePlanChange, headers) =>
    api.post('/clients/properties/:id/plan', { params: { id: propertyId }, body: change, headers }),
  );
}

/** A client's home: its systems and appliances (docs/decisions/089). */
export function usePropertySystems(propertyId: string) {
  return usePropertyRead('systems', propertyId, (options) =>
    api.get('/clients/properties/:id/systems', options),
  );
}

/** When a client's home gets its reminders (docs/decisions/102); the details load again. */
export function useSetPropertyTiming(propertyId: string) {
  return useClientChange((leadDays: LeadDays, headers) =>
    api.put('/clients/properties/:id/reminder-timing', {
      params: { id: propertyId },
      body: { leadDays },
      headers,
    }),
  );
}

/**
 * How often the owner of a client's home is emailed (docs/decisions/103); the client's, for all
 * their homes. The details load again.
 */
export function useSetPropertyEmailCadence(propertyId: string) {
  return useClientChange((emailCadence: EmailCadence, headers) =>
    api.put('/clients/properties/:id/email-cadence', {
      params: { id: propertyId },
      body: { emailCadence },
      headers,
    }),
  );
}

/**
 * Whether the owner of a client's home gets texts (docs/decisions/106): the client's, for all their
 * homes, read and set through one.
 */
export function usePropertyTexts(propertyId: string) {
  return usePropertyRead('texts', propertyId, (options) => api.get('/clients/properties/:id/texts', options));
}

/** Records that the client agreed to texts at a number; the details and the texts load again. */
export function useTurnOnPropertyTexts(propertyId: string) {
  return useClientChange((body: TextConsent, headers) =>
    api.put('/clients/properties/:id/texts', { params: { id: propertyId }, body, headers }),
  );
}

export function useTurnOffPropertyTexts(propertyId: string) {
  return useClientChange((_: void, headers) =>
    api.delete('/clients/properties/:id/texts', { params: { id: propertyId }, headers }),
  );
}

/** Keeps a client's home's profile; the details and their Activity load again. */
export function useSavePropertyProfile(propertyId: string) {
  return useClientChange((answers: HomeProfileAnswers, headers) =>
    api.put('/clients/properties/:id/profile', { params: { id: propertyId }, body: answers, headers }),
  );
}

/**
 * A client's home's systems and appliances with their calls (docs/decisions/089, 091): a change to
 * a system, its label photo or its manual loads the details and their Activity again.
 */
export function usePropertySystemsCalls(propertyId: string): HomeSystemsCalls {
  const headers = useClientHeaders();
  const systems = usePropertySystems(propertyId);
  const save = useClientChange(({ id, values }: { id?: string; values: HomeSystemValues }, headers) =>
    id
      ? api.put('/clients/properties/:id/systems/:systemId', {
          params: { id: propertyId, systemId: id },
          body: values,
          headers,
        })
      : api.post('/clients/properties/:id/systems', { params: { id: propertyId }, body: values, headers }),
  );
  const remove = useClientChange((systemId: string, headers) =>
    api.delete('/clients/properties/:id/systems/:systemId', {
      params: { id: propertyId, systemId },
      headers,
    }),
  );
  const sendFile = useClientChange(
    ({ systemId, kind, file }: Parameters<SystemFileCalls['send']>[0], headers) => {
      const options = { params: { id: propertyId, systemId }, body: systemFileForm(kind, file), headers };
      return kind === 'label'
        ? api.put('/clients/properties/:id/systems/:systemId/label', options)
        : api.put('/clients/properties/:id/systems/:systemId/manual', options);
    },
  );
  const removeFile = useClientChange(
    ({ systemId, kind }: Parameters<SystemFileCalls['remove']>[0], headers) => {
      const options = { params: { id: propertyId, systemId }, headers };
      return kind === 'label'
        ? api.delete('/clients/properties/:id/systems/:systemId/label', options)
        : api.delete('/clients/properties/:id/systems/:systemId/manual', options);
    },
  );
  return {
    systems,
    save: save.mutateAsync,
    remove: remove.mutateAsync,
    files: {
      readLabel: (systemId) =>
        fetchFile('GET /clients/properties/:id/systems/:systemId/label', {
          params: { id: propertyId, systemId },
          headers,
          returnAs: 'dataUrl',
        }),
      downloadManual: (systemId, name) =>
        downloadFile('GET /clients/properties/:id/systems/:systemId/manual', {
          params: { id: propertyId, systemId },
          headers,
          fileName: name,
        }),
      send: sendFile.mutateAsync,
      remove: removeFile.mutateAsync,
    },
  };
}

/** A client's home's care record (docs/decisions/094), with its calls; a change loads the details again. */
export function usePropertyCareRecord(propertyId: string): CareRecordCalls {
  const headers = useClientHeaders();
  const params = { id: propertyId };
  const record = usePropertyRead('record', propertyId, (options) =>
    api.get('/clients/properties/:id/record', options),
  );
  const save = useClientChange(({ id, values }: { id?: string; values: CareEntryValues }, headers) =>
    id
      ? api.put('/clients/properties/:id/record/:entryId', {
          params: { ...params, entryId: id },
          body: values,
          headers,
        })
      : api.post('/clients/properties/:id/record', { params, body: values, headers }),
  );
  const remove = useClientChange((entryId: string, headers) =>
    api.delete('/clients/properties/:id/record/:entryId', { params: { ...params, entryId }, headers }),
  );
  const addFile = useClientChange(({ entryId, file }: { entryId: string; file: File }, headers) =>
    api.post('/clients/properties/:id/record/:entryId/files', {
      params: { ...params, entryId },
      body: careFileForm(file),
      headers,
    }),
  );
  const removeFile = useClientChange(({ entryId, fileId }: { entryId: string; fileId: string }, headers) =>
    api.delete('/clients/properties/:id/record/:entryId/files/:fileId', {
      params: { ...params, entryId, fileId },
      headers,
    }),
  );
  return {
    record,
    save: save.mutateAsync,
    remove: remove.mutateAsync,
    addFile: addFile.mutateAsync,
    removeFile: removeFile.mutateAsync,
    readPhoto: (entryId, fileId) =>
      fetchFile('GET /clients/properties/:id/record/:entryId/files/:fileId', {
        params: { ...params, entryId, fileId },
        headers,
        returnAs: 'dataUrl',
      }),
    download: (entryId, fileId, name) =>
      downloadFile('GET /clients/properties/:id/record/:entryId/files/:fileId', {
        params: { ...params, entryId, fileId },
        headers,
        fileName: name,
      }),
    downloadReport: (paper) =>
      downloadFile('GET /clients/properties/:id/report', {
        params: { id: propertyId },
        query: { paper },
        headers,
      }),
  };
}

/** A client's home's sale waiting for its closing date (docs/decisions/096). */
export function usePropertySale(propertyId: string) {
  return usePropertyRead('sale', propertyId, (options) => api.get('/clients/properties/:id/sale', options));
}

/** Marks the home sold or changes its sale; the details and their Activity load again. */
export function useSavePropertySale(propertyId: string) {
  return useClientChange((values: HomeSaleInput, headers) =>
    api.put('/clients/properties/:id/sale', { params: { id: propertyId }, body: values, headers }),
  );
}

export function useUndoPropertySale(propertyId: string) {
  return useClientChange((_: void, headers) =>
    api.delete('/clients/properties/:id/sale', { params: { id: propertyId }, headers }),
  );
}

/** A client's home's health score with its reasons (docs/decisions/095). */
export function usePropertyHealth(propertyId: string) {
  return usePropertyRead('health', propertyId, (options) =>
    api.get('/clients/properties/:id/health', options),
  );
}
