import type { UpdateSiteBody } from '../../../core/api/sites.ts';
import { isTimeZone } from '../../../core/time-zones.ts';
import { errors, type ValidationIssue } from '../../errors.ts';
import type { SiteValues } from './site-properties-repository.ts';

const issue = (errorCode: string, path: string, message: string): ValidationIssue => ({
  errorCode,
  location: 'body',
  path,
  message,
});

/**
 * The fields of a create or change of a site as stored, trimmed; a 400 for what the schema cannot say: a
 * time zone that is no IANA zone, or a latitude without its longitude.
 */
export function siteValuesOf(body: UpdateSiteBody): Partial<SiteValues> {
  const problems: ValidationIssue[] = [];
  if (body.timezone !== undefined && !isTimeZone(body.timezone))
    problems.push(
      issue('time_zone', '/timezone', 'Choose a time zone from the list, such as Europe/Lisbon.'),
    );
  const latitude = body.latitude ?? null;
  const longitude = body.longitude ?? null;
  if (
    (body.latitude !== undefined) !== (body.longitude !== undefined) ||
    (latitude === null) !== (longitude === null)
  )
    problems.push(
      issue(
        'coordinates',
        latitude === null ? '/latitude' : '/longitude',
        'Give both latitude and longitude, or neither.',
      ),
    );
  if (problems.length > 0) throw errors.validation(problems);
  const values: Partial<SiteValues> = {};
  if (body.name !== undefined) values.name = body.name.trim();
  if (body.location !== undefined) values.location = body.location.trim();
  if (body.latitude !== undefined) {
    values.latitude = latitude;
    values.longitude = longitude;
  }
  if (body.timezone !== undefined) values.timezone = body.timezone;
  if (body.allow_config !== undefined) values.allow_config = body.allow_config;
  return values;
}

/** The 400 of a name another live site of the cloud already has. */
export const duplicateSiteName = () =>
  errors.validation([issue('duplicate', '/name', 'A site with this name already exists in this cloud.')]);
