import sharp from 'sharp';
import { brandName } from '@homeminder/shared/brand';
import { careDoers, costByYear, type CareEntry } from '@homeminder/shared/contracts/care-record';
import {
  homeProfileFieldNames,
  homeProfileFields,
  homeProfileMessages,
  homeProfileValueText,
} from '@homeminder/shared/contracts/home-profile';
import type { HomeSystem } from '@homeminder/shared/contracts/home-systems';
import {
  homeSystemTitle,
  systemFactsLine,
  warrantyDaysLeft,
  warrantyNoticeText,
} from '@homeminder/shared/contracts/home-system-words';
import { formatDayInWords, formatDayShort, formatDueDateInWords } from '@homeminder/shared/due-date';
import { formatCost, formatCount, formatDay, formatPhone } from '@homeminder/shared/format';
import { wearOutOf } from '@homeminder/shared/lifespans';
import { localDateOf, localDateText, scheduleTimeZone } from '@homeminder/shared/schedule';
import { NotFoundError } from '../../lib/errors';
import { defaultBrandColour } from '../../lib/mail/layout';
import { safeFileName } from '../../lib/upload';
import {
  reachHome,
  type HomeAccessRepository,
  type HomeCaller,
  type HomeProfilesRepository,
  type HomeSystemsRepository,
} from '../home-profiles';
import type { CareRecordRepository } from './care-record.repository';
import type { HomeReportRepository } from './home-report.repository';
import { renderHomeReport, type HomeReport } from './home-report.pdf';

interface Dependencies {
  homes: HomeAccessRepository;
  reports: HomeReportRepository;
  profiles: Pick<HomeProfilesRepository, 'profileOf'>;
  systems: Pick<HomeSystemsRepository, 'systemsOf'>;
  record: Pick<CareRecordRepository, 'list'>;
  now: () => Date;
}

/** A logo as pdfkit reads it: PNG, whatever the corporation sent (WebP too). */
async function logoOf(image: Buffer | null): Promise<Buffer | null> {
  if (!image) return null;
  try {
    return await sharp(image).png().toBuffer();
  } catch {
    return null;
  }
}

function whoText(entry: CareEntry): string {
  if (entry.doneBy === 'self') return 'Homeowner';
  return [entry.proName ?? careDoers.pro, entry.proPhone ? formatPhone(entry.proPhone) : null]
    .filter(Boolean)
    .join('\n');
}

function systemLines(system: HomeSystem, today: Date) {
  const days = warrantyDaysLeft(system, today);
  const wear = wearOutOf(system, today, 'The');
  return {
    title: homeSystemTitle(system),
    facts: [
      systemFactsLine(system, today),
      system.warrantyEndsOn && days === null ? `warranty until ${formatDay(system.warrantyEndsOn)}` : null,
    ]
      .filter(Boolean)
      .join(' · '),
    notices: [
      days !== null ? warrantyNoticeText(days, formatDay(system.warrantyEndsOn!)) : null,
      wear?.text ?? null,
    ].filter((line): line is string => line !== null),
  };
}

function documentsOf(systems: readonly HomeSystem[], record: readonly CareEntry[]): string[] {
  const ofSystems = systems.flatMap((system) => [
    ...(system.label ? [`${homeSystemTitle(system)}: photo of its label`] : []),
    ...(system.manual ? [`${homeSystemTitle(system)}: ${system.manual.name}`] : []),
  ]);
  const ofRecord = record.flatMap((entry) =>
    entry.files.map((file) => `${entry.title} (${formatDayShort(entry.doneOn)}): ${file.name}`),
  );
  return [...ofSystems, ...ofRecord];
}

/**
 * The home report (docs/decisions/094): the home's profile, systems, care record, what is coming
 * and the documents kept, in the corporation's branding with the realtor's card, as a PDF for the
 * homeowner and for staff in reach.
 */
export function homeReportService({ homes, reports, profiles, systems, record, now }: Dependencies) {
  /** The report of a home found within reach (or the closing of its sale), in its corporation. */
  async function reportOf(tenantId: string, propertyId: string, paper: HomeReport['paper']) {
    const home = await reports.homeOf(tenantId, propertyId);
    if (!home) throw new NotFoundError(homeProfileMessages.homeNotFound);
    const [profile, listed, entries, coming] = [
      await profiles.profileOf(tenantId, propertyId),
      await systems.systemsOf(tenantId, propertyId),
      await record.list(tenantId, propertyId),
      await reports.comingOf(tenantId, propertyId),
    ];
    const at = now();
    const zone = scheduleTimeZone(home.propertyTimeZone, home.corporationTimeZone);
    const today = localDateText(localDateOf(at, zone));
    const words = scheduleTimeZone(home.corporationTimeZone);
    const realtor =
      home.realtorEnabled && home.realtorEmail
        ? {
            name: `${home.realtorFirstName} ${home.realtorLastName}`,
            email: home.realtorEmail,
            phone: home.realtorPhone ? formatPhone(home.realtorPhone) : null,
          }
        : null;
    const answers = profile?.answers;
    const content: HomeReport = {
      paper,
      brand: {
        name: brandName({ siteName: home.siteName, name: home.corporationName }),
        colour: home.brandColour ?? defaultBrandColour,
        logo: await logoOf(home.brandingImage),
      },
      realtor,
      home: {
        address: `${home.addressLine}, ${home.city}, ${home.state} ${home.zip}`,
        owner: `${home.clientFirstName} ${home.clientLastName}`,
      },
      preparedOn: formatDayInWords(today),
      profile: answers
        ? homeProfileFieldNames
            .filter((name) => answers[name] !== null)
            .map(
              (name) => [homeProfileFields[name].label, homeProfileValueText(name, answers[name])] as const,
            )
        : [],
      systems: listed.map((system) => systemLines(system, at)),
      record: entries.map((entry) => ({
        doneOn: formatDayShort(entry.doneOn),
        title: entry.title,
        system: entry.systemTitle,
        who: whoText(entry),
        cost: entry.cost === null ? '' : formatCost(entry.cost),
        note: entry.note,
      })),
      costByYear: costByYear(entries).map((year) => ({
        year: year.year,
        cost: formatCost(year.cost),
        entries: formatCount(year.entries, 'entry', 'entries'),
      })),
      coming: coming.map((one) => ({
        task: one.task,
        due: formatDueDateInWords(one.nextDueAt, words),
        frequency: one.frequency,
      })),
      documents: documentsOf(listed, entries),
    };
    return {
      data: await renderHomeReport(content),
      fileName: safeFileName(`Home report - ${home.addressLine}`, 'pdf', 'Home report'),
    };
  }

  return {
    reportOf,

    async report(caller: HomeCaller, propertyId: string, paper: HomeReport['paper']) {
      const { tenantId } = await reachHome(homes, caller, propertyId);
      return reportOf(tenantId, propertyId, paper);
    },
  };
}
export type HomeReportService = ReturnType<typeof homeReportService>;
