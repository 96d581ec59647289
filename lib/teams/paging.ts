// Every team list that can grow (members, invitations, organizations, the audit trail) is paged
// on the server, this many rows a page.
export const TEAM_PAGE_SIZE = 25;

export const skipOf = (page: number) => (page - 1) * TEAM_PAGE_SIZE;
