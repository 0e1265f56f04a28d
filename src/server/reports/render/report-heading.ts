import { REPORT_CATALOGUE, inclusiveDays, parseCalendarDate } from '../../../shared/interface';
import type { ReportDocument } from '../report-document';
import { dateTimeText } from './cell-text';

export interface HeadingLine {
  readonly label: string;
  readonly value: string;
}

const MAX_LISTED_ASSETS = 8;

/** The lines under a report's title in every format: what, who, when, generated when. */
export function headingLines(doc: ReportDocument): HeadingLine[] {
  const names = doc.assets.map((a) => a.name);
  const listed =
    names.length > MAX_LISTED_ASSETS
      ? `${names.slice(0, MAX_LISTED_ASSETS).join(', ')} and ${names.length - MAX_LISTED_ASSETS} more`
      : names.join(', ');
  const from = parseCalendarDate(doc.periodFrom);
  const to = parseCalendarDate(doc.periodTo);
  const days = from !== null && to !== null ? inclusiveDays(from, to) : null;
  const span = days === null ? '' : ` (${days} day${days === 1 ? '' : 's'}, UTC)`;
  const period = doc.periodFrom === doc.periodTo ? doc.periodFrom : `${doc.periodFrom} – ${doc.periodTo}`;
  return [
    { label: 'Report', value: REPORT_CATALOGUE[doc.type].label },
    ...(names.length > 0 ? [{ label: names.length > 1 ? 'Assets' : 'Asset', value: listed }] : []),
    { label: 'Period', value: `${period}${span}` },
    { label: 'Generated', value: `${dateTimeText(doc.generatedAt)} UTC` },
  ];
}
