import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { HomeSummary } from '@homeminder/shared/contracts/identity';
import { theme } from '../../app/theme';
import { managerSummary } from '../../test/home-summary';
import { figuresMarkup, keepSummaryAhead, readFigureTemplates, summaryAheadFor } from './figures-ahead';
import { FigureTemplates } from './figure-templates';
import { homeFigures } from './home-figures';
import { HomeFiguresView } from './home-figures-view';

const draw = (node: ReactNode) =>
  renderToStaticMarkup(
    <MantineProvider theme={theme}>
      <MemoryRouter>{node}</MemoryRouter>
    </MantineProvider>,
  );

/**
 * Markup as the browser holds it once parsed, so that two ways of writing it compare alike; the
 * class Mantine names after React's id for the grid's responsive rules differs between two drawings.
 */
function parsed(markup: string): string {
  const container = document.createElement('div');
  container.innerHTML = markup;
  return container.innerHTML.replace(/__m__-[\w-]+/g, '__m__-id');
}

/** What the app draws of `figures`, without the theme's own style element around it. */
function drawnByApp(figures: ReturnType<typeof homeFigures>): string {
  const page = document.createElement('div');
  page.innerHTML = draw(
    <div id="figures">
      <HomeFiguresView figures={figures} />
    </div>,
  );
  return parsed(page.querySelector('#figures')!.innerHTML);
}

function templatesInPage() {
  const page = document.createElement('div');
  page.innerHTML = draw(<FigureTemplates />);
  return readFigureTemplates(page)!;
}

const summary = managerSummary;

const cases: Record<string, HomeSummary> = {
  'a manager': summary,
  'a manager with licenses running out and unsubscribed clients': {
    ...summary,
    enabledProperties: 1_180,
    unsubscribedProperties: 12,
    licensedProperties: 1_250,
    clients: 12_345,
  },
  'a manager out of licenses': { ...summary, enabledProperties: 100 },
  'a realtor, who sees no licenses': {
    ...summary,
    licensedProperties: null,
    realtors: null,
    corporateUsers: null,
  },
  'a system administrator': {
    ...Object.fromEntries(Object.keys(summary).map((key) => [key, null])),
    corporations: 1_000,
    activeNotifications: 3,
  } as HomeSummary,
  'an account with nothing to count': Object.fromEntries(
    Object.keys(summary).map((key) => [key, null]),
  ) as HomeSummary,
};

describe('figuresMarkup', () => {
  const templates = templatesInPage();

  it.each(Object.entries(cases))('fills the templates in as the app draws the figures of %s', (_, answer) => {
    const figures = homeFigures(answer);
    expect(parsed(figuresMarkup(templates, figures)!)).toBe(drawnByApp(figures));
  });

  it('holds every value the figures put in the page', () => {
    const markup = figuresMarkup(
      templates,
      homeFigures(cases['a manager with licenses running out and unsubscribed clients']!),
    )!;
    expect(markup).not.toMatch(/\{\{\w+\}\}/);
    expect(markup).toContain('1,192 of 1,250 licensed properties are active.');
    expect(markup).toContain('Only 58 licenses are left.');
    expect(markup).toContain('aria-label="Clients: 12345"');
  });

  it('draws nothing when a tile has no template (the page is older than the app)', () => {
    const { clients: _left, ...tile } = templates.tile;
    expect(figuresMarkup({ ...templates, tile }, homeFigures(summary))).toBeNull();
  });

  it('finds no templates in a page without them', () => {
    expect(readFigureTemplates(document.createElement('div'))).toBeNull();
  });
});

describe('summaryAheadFor', () => {
  const answeredAt = 1_700_000_000_000;
  afterEach(() => keepSummaryAhead(undefined as never));

  it('hands the answer to the same person in the same tenant while it is fresh', () => {
    keepSummaryAhead({ tenantId: 't1', userId: 'u1', summary, answeredAt });
    expect(summaryAheadFor({ tenantId: 't1', userId: 'u1' }, 30_000, answeredAt + 29_999)?.summary).toBe(
      summary,
    );
    expect(summaryAheadFor({ tenantId: 't1', userId: 'u1' }, 30_000, answeredAt + 30_000)).toBeUndefined();
  });

  it('keeps it from anyone else, and from another tenant', () => {
    keepSummaryAhead({ tenantId: 't1', userId: 'u1', summary, answeredAt });
    expect(summaryAheadFor({ tenantId: 't1', userId: 'u2' }, 30_000, answeredAt)).toBeUndefined();
    expect(summaryAheadFor({ tenantId: 't2', userId: 'u1' }, 30_000, answeredAt)).toBeUndefined();
  });

  it('answers nothing when the page asked for nothing', () => {
    expect(summaryAheadFor({ tenantId: 't1', userId: 'u1' }, 30_000, answeredAt)).toBeUndefined();
  });
});
