import { figureTemplateNames, templateSlot } from './figures-ahead';
import { tileDefinitions, type LicenseFigures } from './home-figures';
import { LicenseCard, NothingToCount, StatTile, TileSection } from './home-figures-view';

const licenseSlots: LicenseFigures = {
  share: templateSlot('share'),
  used: templateSlot('used'),
  licensed: templateSlot('licensed'),
  ringColor: templateSlot('ringColor'),
  warning: { text: templateSlot('warningText'), color: templateSlot('warningColor') },
};

/**
 * The templates of Home's figures, drawn into Home's page at build time (decision 048): the same
 * components as the app's, with a slot wherever a value goes (figures-ahead.ts fills them in).
 */
export function FigureTemplates() {
  return (
    <>
      <template data-home-figure={figureTemplateNames.license}>
        <LicenseCard license={licenseSlots} />
      </template>
      <template data-home-figure={figureTemplateNames.licenseWithoutWarning}>
        <LicenseCard license={{ ...licenseSlots, warning: null }} />
      </template>
      <template data-home-figure={figureTemplateNames.tiles}>
        <TileSection>{templateSlot('tiles')}</TileSection>
      </template>
      <template data-home-figure={figureTemplateNames.nothing}>
        <NothingToCount />
      </template>
      {tileDefinitions.map(({ key }) => (
        <template key={key} data-home-figure={figureTemplateNames.tile(key)}>
          <StatTile tile={{ key, value: templateSlot('value'), spokenValue: templateSlot('spokenValue') }} />
        </template>
      ))}
    </>
  );
}
