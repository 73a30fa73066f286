/** The Información tab (the site's data, spec 01 §3 'Site') and the administrator information (the tab without Sites). */
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { formatDateTime } from './formatting';

export interface SiteDetailRecord {
  id: number;
  name: string;
  alias: string;
  parentLocation: string | null;
  childLocation: string | null;
  siteType: string | null;
  orderType: number;
  url: string | null;
  allowedUrl: string | null;
  address: string | null;
  siteLatitude: number | null;
  siteLongitude: number | null;
  installed: boolean;
  statusId: number;
  statusName: string;
  population: number | null;
  countUsers: number;
  countEmails: number;
  countContents: number;
  countComments: number;
  createdDate: string;
  modifiedDate: string;
  administrators: Array<{ id: number; name: string; email: string; adminType: string | null }>;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {translate(label)}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children === null || children === undefined || children === '' ? translate('siteDetail.info.none') : children}
      </Typography>
    </>
  );
}

const grid = { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 } as const;

export function SiteInfoTab({ site }: { site: SiteDetailRecord }) {
  const translate = useTranslate();
  const firstAllowed = site.allowedUrl?.split(',')[0]?.trim();
  const number = (value: number | null) => (value === null ? null : value.toLocaleString('es-CO'));
  return (
    <Box component="dl" sx={grid}>
      <Row label="siteDetail.info.name">{site.name}</Row>
      <Row label="siteDetail.info.alias">{site.alias}</Row>
      <Row label="siteDetail.info.siteType">{site.siteType}</Row>
      <Row label="siteDetail.info.orderType">{translate(`siteDetail.info.order_types.${site.orderType}`)}</Row>
      <Row label="siteDetail.info.parentLocation">{site.parentLocation}</Row>
      <Row label="siteDetail.info.childLocation">{site.childLocation}</Row>
      <Row label="siteDetail.info.url">{site.url ?? firstAllowed}</Row>
      <Row label="siteDetail.info.address">{site.address}</Row>
      <Row label="siteDetail.info.coordinates">
        {site.siteLatitude !== null && site.siteLongitude !== null ? `${site.siteLatitude}, ${site.siteLongitude}` : null}
      </Row>
      <Row label="siteDetail.info.installed">{translate(site.installed ? 'siteDetail.info.yes' : 'siteDetail.info.no')}</Row>
      <Row label="siteDetail.info.status">{site.statusName}</Row>
      <Row label="siteDetail.info.population">{number(site.population)}</Row>
      <Row label="siteDetail.info.countUsers">{number(site.countUsers)}</Row>
      <Row label="siteDetail.info.countEmails">{number(site.countEmails)}</Row>
      <Row label="siteDetail.info.countContents">{number(site.countContents)}</Row>
      <Row label="siteDetail.info.countComments">{number(site.countComments)}</Row>
      <Row label="siteDetail.info.createdDate">{formatDateTime(site.createdDate)}</Row>
      <Row label="siteDetail.info.modifiedDate">{formatDateTime(site.modifiedDate)}</Row>
    </Box>
  );
}

export function SiteAdministratorsTab({ site }: { site: SiteDetailRecord }) {
  const translate = useTranslate();
  if (site.administrators.length === 0) return <Typography role="status">{translate('siteDetail.administrator.none')}</Typography>;
  return (
    <Box component="dl" sx={grid}>
      {site.administrators.map((admin) => (
        <Row
          key={admin.id}
          label={admin.adminType === 'WebMaster' ? 'siteDetail.administrator.web_master' : 'siteDetail.administrator.legal_representative'}
        >
          {`${admin.name} (${admin.email})`}
        </Row>
      ))}
    </Box>
  );
}
