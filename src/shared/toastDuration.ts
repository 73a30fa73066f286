/** How long a toast stays (spec 01 §9, 02 §9): the admin's notifications and the sign-in page's own notice. */
export const TOAST_DURATION_MS = 4000;
