type ClassValue = string | false | null | undefined;

/** Joins the truthy class names; enough for our conditional Tailwind classes. */
export function cn(...classes: ClassValue[]): string {
  return classes.filter(Boolean).join(' ');
}
