import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';

/**
 * For screens whose ids are numbers (maps, datasets; 0: new, or every map): any other text in their place is an
 * unknown path, which goes to /404 (spec part 2 §2) rather than opening a new form.
 */
export function NumericRoute({ children }: { children: ReactNode }) {
  const params = useParams();
  const isNumeric = Object.values(params).every((value) => value !== undefined && /^\d{1,15}$/.test(value));
  return isNumeric ? children : <Navigate to="/404" replace />;
}
