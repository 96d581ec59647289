import { buttonClass } from "./button-class";
import { Labelled } from "./label";

/** A GET search form of one field and a submit button: the support console's lookups. */
export function SearchForm({
  name,
  label,
  value,
  submit,
  mono = false,
}: {
  name: string;
  label: string;
  value: string;
  submit: string;
  /** Monospace input, for identifiers. */
  mono?: boolean;
}) {
  return (
    <form role="search" method="get" className="mb-6 flex flex-wrap items-end gap-2">
      <Labelled id={name} label={label} className="flex min-w-0 flex-1 flex-col gap-1">
        <input
          id={name}
          name={name}
          type="search"
          defaultValue={value}
          className={`w-full rounded-md border border-slate-300 bg-white px-3 py-2 ${mono ? "font-mono " : ""}dark:border-slate-700 dark:bg-slate-900`}
        />
      </Labelled>
      <button type="submit" className={buttonClass("primary")}>
        {submit}
      </button>
    </form>
  );
}
