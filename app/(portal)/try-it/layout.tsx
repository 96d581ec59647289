import { memberOnlyLayout } from "../require-member";

export default memberOnlyLayout("try_it.use");
