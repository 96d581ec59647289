export { default } from "../portal-skeleton";
