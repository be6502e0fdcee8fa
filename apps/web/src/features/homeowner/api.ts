import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CareEntryValues } from '@homeminder/shared/contracts/care-record';
import type { HomeProfileAnswers } from '@homeminder/shared/contracts/home-profile';
import type { HomeownerReply } from '@homeminder/shared/contracts/homeowner';
import type { HomeSystemValues } from '@homeminder/shared/contracts/home-systems';
import type { HomePlanChange } from '@homeminder/shared/contracts/home-plan';
import type { LeadDays } from '@homeminder/shared/reminder-timing';
import type { EmailCadence } from '@homeminder/shared/email-cadence';
import type { ChangePasswordInput } from '@homeminder/shared/contracts/tenant-users';
import type { TextConsent } from '@homeminder/shared/contracts/texts';
import { systemFileForm, type SystemFileCalls } from '../../components/home-systems/system-file-calls';
import { careFileForm, type CareRecordCalls } from '../../components/care-record/care-record-calls';
import type { HomeSystemsCalls } from '../../components/home-systems/home-systems-card';
import { api, downloadFile, fetchFile, type Api } from '../../lib/http';
import { imageDataUrl } from '../../lib/profile-image';
import type { Prefetch } from '../../lib/server-api';
import { usePerson, type Person } from '../../lib/session-store';
import { queryKey } from '../../lib/query-keys';

/**
 * Server state of the homeowner's pages. Every key starts with the homeowner's corporation and
 * 'homeowner', so one invalidation after a change refreshes what it may have touched.
 */
const homeownerKey = ({ tenantId, userId }: Person) => queryKey(tenantId, 'homeowner', userId);

function useHomeownerKey() {
  return homeownerKey(usePerson());
}

function overviewQuery(caller: Api, person: Person) {
  return queryOptions({
    queryKey: [...homeownerKey(person), 'overview'],
    queryFn: ({ signal }) => caller.get('/homeowner/overview', { signal }),
  });
}

function historyQuery(caller: Api, person: Person) {
  return queryOptions({
    queryKey: [...homeownerKey(person), 'history'],
    queryFn: ({ signal }) => caller.get('/homeowner/history', { signal }),
  });
}

/** A part of one of the homeowner's homes ('profile', 'plan'…), read with the home's id. */
function homeQuery<Data>(
  person: Person,
  part: string,
  homeId: string,
  read: (options: { params: { id: string }; signal: AbortSignal }) => Promise<Data>,
) {
  return queryOptions({
    queryKey: [...homeownerKey(person), part, homeId],
    queryFn: ({ signal }) => read({ params: { id: homeId }, signal }),
  });
}

const homeProfileQuery = (caller: Api, person: Person, homeId: string) =>
  homeQuery(person, 'profile', homeId, (options) => caller.get('/homeowner/homes/:id/profile', options));

const homeSystemsQuery = (caller: Api, person: Person, homeId: string) =>
  homeQuery(person, 'systems', homeId, (options) => caller.get('/homeowner/homes/:id/systems', options));

const homePlanQuery = (caller: Api, person: Person, homeId: string) =>
  homeQuery(person, 'plan', homeId, (options) => caller.get('/homeowner/homes/:id/plan', options));

const careRecordQuery = (caller: Api, person: Person, homeId: string) =>
  homeQuery(person, 'record', homeId, (options) => caller.get('/homeowner/homes/:id/record', options));

const homeSaleQuery = (caller: Api, person: Person, homeId: string) =>
  homeQuery(person, 'sale', homeId, (options) => caller.get('/homeowner/homes/:id/sale', options));

const homeHealthQuery = (caller: Api, person: Person, homeId: string) =>
  homeQuery(person, 'health', homeId, (options) => caller.get('/homeowner/homes/:id/health', options));

/** The homeowner's texts (docs/decisions/106): theirs, for all their homes, read through one. */
const textsQuery = (caller: Api, person: Person, homeId: string) =>
  homeQuery(person, 'texts', homeId, (options) => caller.get('/homeowner/homes/:id/texts', options));

function soldHomesQuery(caller: Api, person: Person) {
  return queryOptions({
    queryKey: [...homeownerKey(person), 'sold-homes'],
    queryFn: ({ signal }) => caller.get('/homeowner/sold-homes', { signal }),
  });
}

/**
 * What My home shows, read on the server (docs/decisions/084): the homes, their reminders and their
 * history and the homes they sold, then each home's profile, systems, plan, care record, sale and
 * health.
 */
export async function prefetchMyHome({ api: caller, viewer, client }: Prefetch): Promise<void> {
  const profiles = async () => {
    const { homes } = await client.fetchQuery(overviewQuery(caller, viewer));
    await Promise.all(
      homes.flatMap((home) => [
        client.prefetchQuery(homeProfileQuery(caller, viewer, home.id)),
        client.prefetchQuery(homeSystemsQuery(caller, viewer, home.id)),
        client.prefetchQuery(homePlanQuery(caller, viewer, home.id)),
        client.prefetchQuery(careRecordQuery(caller, viewer, home.id)),
        client.prefetchQuery(homeSaleQuery(caller, viewer, home.id)),
        client.prefetchQuery(homeHealthQuery(caller, viewer, home.id)),
      ]),
    );
  };
  await Promise.all([
    profiles(),
    client.prefetchQuery(historyQuery(caller, viewer)),
    client.prefetchQuery(soldHomesQuery(caller, viewer)),
  ]);
}

/** What My preferences shows, read on the server: the homes, their reminders with their switches, the texts. */
export async function prefetchMyPreferences({ api: caller, viewer, client }: Prefetch): Promise<void> {
  const overview = overviewQuery(caller, viewer);
  await client.prefetchQuery(overview);
  const first = client.getQueryData(overview.queryKey)?.homes[0];
  if (first) await client.prefetchQuery(textsQuery(caller, viewer, first.id));
}

export function useHomeownerOverview() {
  return useQuery(overviewQuery(api, usePerson()));
}

/** An image of the homeowner's pages (the realtor's photo, the corporation's logo) as a data URL. */
export function useHomeownerImage(
  path: '/homeowner/realtor/photo' | '/homeowner/brand/logo',
  wanted: boolean,
) {
  const key = useHomeownerKey();
  return useQuery({
    queryKey: [...key, path],
    queryFn: async ({ signal }) =>
      imageDataUrl(await api.get(path, { query: { responseType: 'json' }, signal })),
    enabled: wanted,
    staleTime: Infinity,
  });
}

function useHomeownerChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  const key = useHomeownerKey();
  return useMutation({
    mutationFn: change,
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

export const useSwitchReminder = () =>
  useHomeownerChange(({ id, on }: { id: string; on: boolean }) =>
    api.put('/homeowner/reminders/:id', { params: { id }, body: { on } }),
  );

export const useSwitchHome = () =>
  useHomeownerChange(({ id, paused }: { id: string; paused: boolean }) =>
    api.put('/homeowner/homes/:id', { params: { id }, body: { paused } }),
  );

export const useSetReminderTiming = (homeId: string) =>
  useHomeownerChange((leadDays: LeadDays) =>
    api.put('/homeowner/homes/:id/reminder-timing', { params: { id: homeId }, body: { leadDays } }),
  );

/** How often the homeowner is emailed (docs/decisions/103): theirs, for all their homes, set through one. */
export const useSetEmailCadence = (homeId: string) =>
  useHomeownerChange((emailCadence: EmailCadence) =>
    api.put('/homeowner/homes/:id/email-cadence', { params: { id: homeId }, body: { emailCadence } }),
  );

/** Whether the homeowner gets texts, through `homeId` (any of their homes, as the page's first). */
export function useTextSettings(homeId: string) {
  return useQuery(textsQuery(api, usePerson(), homeId));
}

export const useTurnOnTexts = (homeId: string) =>
  useHomeownerChange((body: TextConsent) =>
    api.put('/homeowner/homes/:id/texts', { params: { id: homeId }, body }),
  );

export const useTurnOffTexts = (homeId: string) =>
  useHomeownerChange(() => api.delete('/homeowner/homes/:id/texts', { params: { id: homeId } }));

export const useUnsubscribe = () => useHomeownerChange(() => api.post('/homeowner/unsubscribe'));

export const useResubscribe = () => useHomeownerChange(() => api.post('/homeowner/resubscribe'));

export const useConfirmEmail = () => useHomeownerChange(() => api.post('/homeowner/email/confirm'));

export const useChangeHomeownerPassword = () =>
  useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post('/homeowner/password', { body: input }),
  });

/** Makes a new private calendar address; the response is the only time it is shown. */
export const useNewCalendarAddress = () => {
  const client = useQueryClient();
  const key = useHomeownerKey();
  return useMutation({
    mutationFn: () => api.post('/homeowner/calendar'),
    onSuccess: () => client.invalidateQueries({ queryKey: [...key, 'overview'] }),
  });
};

/** The homeowner's own replies to their reminders, newest first. */
export function useHomeownerHistory() {
  return useQuery(historyQuery(api, usePerson()));
}

/** Done, remind me later or help, for a reminder's next date; the dates and history refresh after. */
export const useReplyToReminder = () =>
  useHomeownerChange(({ id, ...body }: HomeownerReply & { id: string }) =>
    api.post('/homeowner/reminders/:id/answer', { params: { id }, body }),
  );

/** One of the homeowner's homes: its profile (docs/decisions/088). */
export function useHomeProfile(homeId: string) {
  return useQuery(homeProfileQuery(api, usePerson(), homeId));
}

/** One of the homeowner's homes: its plan, made from its profile and systems (docs/decisions/090). */
export function useHomePlan(homeId: string) {
  return useQuery(homePlanQuery(api, usePerson(), homeId));
}

/** Confirms the plan's changes; the reminders and the plan load again. */
export function useApplyHomePlan(homeId: string) {
  return useHomeownerChange((change: HomePlanChange) =>
    api.post('/homeowner/homes/:id/plan', { params: { id: homeId }, body: change }),
  );
}

/** One of the homeowner's homes: its systems and appliances (docs/decisions/089). */
export function useHomeSystems(homeId: string) {
  return useQuery(homeSystemsQuery(api, usePerson(), homeId));
}

/** A home's systems with their calls (docs/decisions/089, 091); a change loads the list again. */
export function useHomeSystemsCalls(homeId: string): HomeSystemsCalls {
  const systems = useHomeSystems(homeId);
  const save = useHomeSystemsChange(homeId, ({ id, values }: { id?: string; values: HomeSystemValues }) =>
    id
      ? api.put('/homeowner/homes/:id/systems/:systemId', {
          params: { id: homeId, systemId: id },
          body: values,
        })
      : api.post('/homeowner/homes/:id/systems', { params: { id: homeId }, body: values }),
  );
  const remove = useHomeSystemsChange(homeId, (systemId: string) =>
    api.delete('/homeowner/homes/:id/systems/:systemId', { params: { id: homeId, systemId } }),
  );
  const sendFile = useHomeSystemsChange(
    homeId,
    ({ systemId, kind, file }: Parameters<SystemFileCalls['send']>[0]) => {
      const options = { params: { id: homeId, systemId }, body: systemFileForm(kind, file) };
      return kind === 'label'
        ? api.put('/homeowner/homes/:id/systems/:systemId/label', options)
        : api.put('/homeowner/homes/:id/systems/:systemId/manual', options);
    },
  );
  const removeFile = useHomeSystemsChange(
    homeId,
    ({ systemId, kind }: Parameters<SystemFileCalls['remove']>[0]) =>
      kind === 'label'
        ? api.delete('/homeowner/homes/:id/systems/:systemId/label', { params: { id: homeId, systemId } })
        : api.delete('/homeowner/homes/:id/systems/:systemId/manual', { params: { id: homeId, systemId } }),
  );
  return {
    systems,
    save: save.mutateAsync,
    remove: remove.mutateAsync,
    files: {
      readLabel: (systemId) =>
        fetchFile('GET /homeowner/homes/:id/systems/:systemId/label', {
          params: { id: homeId, systemId },
          returnAs: 'dataUrl',
        }),
      downloadManual: (systemId, name) =>
        downloadFile('GET /homeowner/homes/:id/systems/:systemId/manual', {
          params: { id: homeId, systemId },
          fileName: name,
        }),
      send: sendFile.mutateAsync,
      remove: removeFile.mutateAsync,
    },
  };
}

function useHomeSystemsChange<Input, Output>(homeId: string, call: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  const person = usePerson();
  return useMutation({
    mutationFn: call,
    // The plan and the health score are made from the systems too.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: homeSystemsQuery(api, person, homeId).queryKey }),
        client.invalidateQueries({ queryKey: homePlanQuery(api, person, homeId).queryKey }),
        client.invalidateQueries({ queryKey: homeHealthQuery(api, person, homeId).queryKey }),
      ]),
  });
}

/** Keeps a home's profile; the page shows what was kept without reading it again. */
export function useSaveHomeProfile(homeId: string) {
  const client = useQueryClient();
  const person = usePerson();
  return useMutation({
    mutationFn: (answers: HomeProfileAnswers) =>
      api.put('/homeowner/homes/:id/profile', { params: { id: homeId }, body: answers }),
    onSuccess: async (profile) => {
      client.setQueryData(homeProfileQuery(api, person, homeId).queryKey, profile);
      // The plan is made from the answers.
      await client.invalidateQueries({ queryKey: homePlanQuery(api, person, homeId).queryKey });
    },
  });
}

/**
 * One of the homeowner's homes: its care record (docs/decisions/094). A change may move a system's
 * age and so the plan, so everything of the homeowner's loads again after it.
 */
export function useCareRecordCalls(homeId: string): CareRecordCalls {
  const record = useQuery(careRecordQuery(api, usePerson(), homeId));
  const save = useHomeownerChange(({ id, values }: { id?: string; values: CareEntryValues }) =>
    id
      ? api.put('/homeowner/homes/:id/record/:entryId', { params: { id: homeId, entryId: id }, body: values })
      : api.post('/homeowner/homes/:id/record', { params: { id: homeId }, body: values }),
  );
  const remove = useHomeownerChange((entryId: string) =>
    api.delete('/homeowner/homes/:id/record/:entryId', { params: { id: homeId, entryId } }),
  );
  const addFile = useHomeownerChange(({ entryId, file }: { entryId: string; file: File }) =>
    api.post('/homeowner/homes/:id/record/:entryId/files', {
      params: { id: homeId, entryId },
      body: careFileForm(file),
    }),
  );
  const removeFile = useHomeownerChange(({ entryId, fileId }: { entryId: string; fileId: string }) =>
    api.delete('/homeowner/homes/:id/record/:entryId/files/:fileId', {
      params: { id: homeId, entryId, fileId },
    }),
  );
  return {
    record,
    save: save.mutateAsync,
    remove: remove.mutateAsync,
    addFile: addFile.mutateAsync,
    removeFile: removeFile.mutateAsync,
    readPhoto: (entryId, fileId) =>
      fetchFile('GET /homeowner/homes/:id/record/:entryId/files/:fileId', {
        params: { id: homeId, entryId, fileId },
        returnAs: 'dataUrl',
      }),
    download: (entryId, fileId, name) =>
      downloadFile('GET /homeowner/homes/:id/record/:entryId/files/:fileId', {
        params: { id: homeId, entryId, fileId },
        fileName: name,
      }),
    downloadReport: (paper) =>
      downloadFile('GET /homeowner/homes/:id/report', {
        params: { id: homeId },
        query: { paper },
      }),
  };
}

/** The sale of one of the homeowner's homes waiting for its closing date, if any (docs/decisions/096). */
export function useHomeSale(homeId: string) {
  return useQuery(homeSaleQuery(api, usePerson(), homeId));
}

/** One of the homeowner's homes: its health score with its reasons (docs/decisions/095). */
export function useHomeHealth(homeId: string) {
  return useQuery(homeHealthQuery(api, usePerson(), homeId));
}

/** The homes the homeowner sold, each with the report kept at its closing. */
export function useSoldHomes() {
  return useQuery(soldHomesQuery(api, usePerson()));
}

export function downloadSoldHomeReport(saleId: string) {
  return downloadFile('GET /homeowner/sold-homes/:id/report', { params: { id: saleId } });
}
