import { memberOnlyLayout } from "../require-member";

export default memberOnlyLayout("requests.read");
