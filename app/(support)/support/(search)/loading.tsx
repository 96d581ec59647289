// Only the list pages stream behind a skeleton: an account page answers its 404 before any byte.
export { default } from "../../../(portal)/portal-skeleton";
