/**
 * The fields people type for a client and their home, each described once (docs/decisions/086):
 * its label, its rule, whether it is required, an example, how it is shown, and the other names a
 * spreadsheet's column may carry for it. The set-up contract and form, the client grid, the bulk
 * upload's columns, template and row rules, the column guessing, the clients export and the OpenAPI
 * document are derived from this list; a field added here is carried by all of them.
 */
import { z } from '../zod';
import { formatPhone } from '../format';
import {
  addressLineSchema,
  citySchema,
  emailSchema,
  nameFieldSchema,
  phoneSchema,
  stateCodeSchema,
  zipSchema,
} from '../validation/rules';
import { homeClientFields, type HomeColumnSource } from './home-columns';

export interface ClientFieldDescription {
  /** On the forms, the grid, the upload's template and the export's header. */
  label: string;
  /** The record that keeps it: the client, the client's property, or the home's profile and systems. */
  of: 'client' | 'property' | 'home';
  /** For a field of the home: the profile's answer or the system's fact it is (home-columns.ts). */
  home?: HomeColumnSource;
  required: boolean;
  /** The shared rule of the typed text (docs/requirements.md §7). */
  rule: z.ZodType;
  /** A value the rule accepts, as the upload's template shows it. */
  example: string;
  /** The set-up form's box for a field the client keeps (`tel` opens a phone's number pad). */
  input?: 'text' | 'email' | 'tel';
  /** How a kept value is written on the form and in the export; as stored when absent. */
  format?: (value: string | null) => string;
  /**
   * The client grid: `column` shows it in a column of its own (the names, email and address share
   * theirs); `sort` lets people sort by it, as `text` without regard to case or as a `code` (a
   * state, a ZIP), under `sortName` when the grid's address asks for it by another name; `search`
   * lets the grid's search words find it.
   */
  grid?: { column?: true; sort?: 'text' | 'code'; sortName?: string; search?: true };
  /**
   * Other names of a spreadsheet column that carries it, compared squashed (lower case, letters and
   * digits only), best first: CRM exports (Follow Up Boss, kvCORE, BoomTown, Lofty, HubSpot,
   * Salesforce, Google Contacts, Outlook) name the client's own email or phone before work ones,
   * and the property's address before the mailing address.
   */
  columnNames: readonly string[];
}

export const clientFields = {
  firstName: {
    label: 'First name',
    of: 'client',
    required: true,
    rule: nameFieldSchema,
    example: 'Nora',
    input: 'text',
    grid: { sort: 'text', search: true },
    columnNames: [
      'firstname',
      'first',
      'givenname',
      'forename',
      'fname',
      'contactfirstname',
      'clientfirstname',
    ],
  },
  lastName: {
    label: 'Last name',
    of: 'client',
    required: true,
    rule: nameFieldSchema,
    example: 'Newcomer',
    input: 'text',
    grid: { sort: 'text', search: true },
    columnNames: ['lastname', 'last', 'surname', 'familyname', 'lname', 'contactlastname', 'clientlastname'],
  },
  email: {
    label: 'Email',
    of: 'client',
    required: true,
    rule: emailSchema,
    example: 'nora.newcomer@example.com',
    input: 'email',
    grid: { sort: 'text', search: true },
    columnNames: [
      'email',
      'emailaddress',
      'primaryemail',
      'primaryemailaddress',
      'personalemail',
      'homeemail',
      'email1',
      'emailaddress1',
      'email1value',
      'clientemail',
      'contactemail',
      'mail',
      'workemail',
      'businessemail',
      'otheremail',
      'email2',
    ],
  },
  phone: {
    label: 'Phone',
    of: 'client',
    required: false,
    rule: phoneSchema,
    example: '(555) 123-4567',
    input: 'tel',
    format: formatPhone,
    columnNames: [
      'phone',
      'phonenumber',
      'mobilephone',
      'mobile',
      'mobilenumber',
      'cellphone',
      'cell',
      'cellnumber',
      'primaryphone',
      'homephone',
      'telephone',
      'tel',
      'phone1',
      'phone1value',
      'workphone',
      'businessphone',
      'otherphone',
      'phone2',
    ],
  },
  addressLine: {
    label: 'Address',
    of: 'property',
    required: true,
    rule: addressLineSchema,
    example: '12 Harbor Road',
    grid: { sort: 'text', sortName: 'address', search: true },
    columnNames: [
      'address',
      'addressline',
      'addressline1',
      'address1',
      'street',
      'streetaddress',
      'propertyaddress',
      'propertystreet',
      'propertyaddressline1',
      'propertystreetaddress',
      'homeaddress',
      'homestreet',
      'mailingaddress',
      'mailingstreet',
      'mailingaddressline1',
      'mailingstreetaddress',
      'address1street',
      'line',
    ],
  },
  city: {
    label: 'City',
    of: 'property',
    required: true,
    rule: citySchema,
    example: 'Springfield',
    grid: { sort: 'text', search: true },
    columnNames: ['city', 'town', 'propertycity', 'homecity', 'addresscity', 'mailingcity', 'address1city'],
  },
  state: {
    label: 'State',
    of: 'property',
    required: true,
    rule: stateCodeSchema,
    example: 'IL',
    grid: { sort: 'code', search: true },
    columnNames: [
      'state',
      'statecode',
      'st',
      'stateprovince',
      'stateregion',
      'province',
      'region',
      'propertystate',
      'homestate',
      'addressstate',
      'mailingstate',
      'mailingstateprovince',
      'address1region',
    ],
  },
  zip: {
    label: 'ZIP',
    of: 'property',
    required: true,
    rule: zipSchema,
    example: '62704',
    grid: { sort: 'code', search: true },
    columnNames: [
      'zip',
      'zipcode',
      'postalcode',
      'postcode',
      'zippostalcode',
      'propertyzip',
      'propertyzipcode',
      'propertypostalcode',
      'homezip',
      'homepostalcode',
      'addresszip',
      'mailingzip',
      'mailingzipcode',
      'mailingpostalcode',
      'mailingzippostalcode',
      'address1postalcode',
    ],
  },
  // Year built, kind of home, heating, cooling, water heater year, well and septic (decision 092).
  ...homeClientFields,
} as const satisfies Record<string, ClientFieldDescription>;

export type ClientFieldName = keyof typeof clientFields;

/** The described fields in their order: the upload template's, the export's. */
export const clientFieldNames = Object.keys(clientFields) as ClientFieldName[];

/** True for the name of a described field (an export column, say). */
export function isClientFieldName(name: string): name is ClientFieldName {
  return Object.hasOwn(clientFields, name);
}

/** A record of `part`'s value for each of `names`. */
function per<Name extends ClientFieldName, T>(names: readonly Name[], part: (name: Name) => T) {
  return Object.fromEntries(names.map((name) => [name, part(name)])) as Record<Name, T>;
}

/** Each described field's value of `part`, by the field's name. */
export function perClientField<T>(
  part: (field: ClientFieldDescription, name: ClientFieldName) => T,
): Record<ClientFieldName, T> {
  return per(clientFieldNames, (name) => part(clientFields[name], name));
}

/** A field's rule, carrying its label and example to the OpenAPI document. */
function describedRule(name: ClientFieldName): z.ZodType {
  const field: ClientFieldDescription = clientFields[name];
  return field.rule.meta({ description: field.label, example: field.example });
}

/** The described fields' rules, for a schema of typed text (`z.object(clientFieldRules)`). */
export const clientFieldRules = per(clientFieldNames, describedRule) as {
  [Name in ClientFieldName]: (typeof clientFields)[Name]['rule'];
};

type FieldsOf<Of extends ClientFieldDescription['of']> = {
  [
    Name in ClientFieldName as (typeof clientFields)[Name]['of'] extends Of ? Name : never
  ]: (typeof clientFields)[Name]['rule'];
};

/** The described fields the client themselves keeps (not their property). */
export type ClientOwnFieldName = keyof FieldsOf<'client'>;
export const clientOwnFieldNames = clientFieldNames.filter(
  (name): name is ClientOwnFieldName => clientFields[name].of === 'client',
);

/** The value of `part` for each field the client keeps, by the field's name. */
export function perClientOwnField<T>(part: (name: ClientOwnFieldName) => T): Record<ClientOwnFieldName, T> {
  return per(clientOwnFieldNames, part);
}

/** The rules of the fields the client keeps, for the set-up's `clientUser` (`z.object(...)`). */
export const clientOwnFieldRules = perClientOwnField((name) => clientFieldRules[name]) as FieldsOf<'client'>;

/** The fields the client keeps, taken from a record holding every described field (a bulk row). */
export function clientOwnFieldsOf<T extends Partial<Record<ClientOwnFieldName, unknown>>>(
  values: T,
): Pick<T, ClientOwnFieldName> {
  return perClientOwnField((name) => values[name]);
}

type Kept<Name extends ClientOwnFieldName> = (typeof clientFields)[Name]['required'] extends true
  ? z.ZodString
  : z.ZodNullable<z.ZodString>;

/** The fields the client keeps as the server reads them back: an optional one may be null. */
export const clientOwnFieldsShape = perClientOwnField((name) => {
  const kept = z.string().meta({ description: clientFields[name].label });
  return clientFields[name].required ? kept : kept.nullable();
}) as { [Name in ClientOwnFieldName]: Kept<Name> };

/** A kept value as the form and the export write it. */
export function formatClientField(name: ClientFieldName, value: string | null): string {
  const field: ClientFieldDescription = clientFields[name];
  return field.format ? field.format(value) : (value ?? '');
}

function gridOf(name: ClientFieldName): NonNullable<ClientFieldDescription['grid']> {
  return (clientFields[name] as ClientFieldDescription).grid ?? {};
}

/** The fields the client keeps that the client grid shows in a column of their own. */
export const clientGridFieldNames = clientOwnFieldNames.filter((name) => gridOf(name).column === true);

/** The described fields kept in a column of the client or their property (not the home's). */
export type ClientRecordFieldName = Exclude<ClientFieldName, keyof FieldsOf<'home'>>;

/** The described fields the grid's search words are looked for in. */
export const clientSearchFieldNames = clientFieldNames.filter(
  (name): name is ClientRecordFieldName => gridOf(name).search === true,
);

type SortNameOf<Name extends ClientFieldName> = (typeof clientFields)[Name] extends {
  grid: { sort: string; sortName: infer SortName extends string };
}
  ? SortName
  : (typeof clientFields)[Name] extends { grid: { sort: string } }
    ? Name
    : never;

/** The name a grid sort asks for a described field by (`sorting[].propertyName`). */
export type ClientFieldSortName = { [Name in ClientFieldName]: SortNameOf<Name> }[ClientFieldName];

/** Each described field the grid sorts by, under its sort name, with how it compares. */
export const clientFieldSorts = Object.fromEntries(
  clientFieldNames.flatMap((name) => {
    const { sort, sortName } = gridOf(name);
    return sort ? [[sortName ?? name, { field: name, as: sort }]] : [];
  }),
) as Record<ClientFieldSortName, { field: ClientRecordFieldName; as: 'text' | 'code' }>;

/** The sort names of the described fields the grid sorts by. */
export const clientFieldSortNames = Object.keys(clientFieldSorts) as ClientFieldSortName[];
