import { memberOnlyLayout } from "../require-member";

export default memberOnlyLayout("keys.read");
