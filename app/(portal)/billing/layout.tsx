import { memberOnlyLayout } from "../require-member";

export default memberOnlyLayout("billing.manage");
