/** Where a signed-in person lands (after setup, sign-in or an accepted invitation): the overview. */
export const DASHBOARD_HOME = "/overview";
