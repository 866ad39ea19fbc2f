/** Specialization and department under the greeting; a department named like the specialization shows once. */
export function doctorSubheading(user: { specialization?: string; department?: string }): string {
  const parts = [user.specialization, user.department].filter((part): part is string => !!part?.trim());
  return [...new Set(parts)].join(' · ');
}
