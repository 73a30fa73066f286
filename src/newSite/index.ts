/** The public request wizard (spec 01 'New-entity request wizard'): loaded lazily by the home page. */
export { NewSiteWizard } from './NewSiteWizard';
