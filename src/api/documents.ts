import { VERSIONS, type Version } from '../contract/versions.js';
import { checkDocuments as checkOperations, exitCodeOf, type DocumentCheckResult } from '../partner/check.js';
import { readPartnerDocuments } from '../partner/documents.js';

export type { DocumentCheckResult, OperationCheck, Finding } from '../partner/check.js';

/** Which files to check, against which revisions. */
export interface DocumentCheckOptions {
  /** Folder the globs are relative to (default: the current directory). */
  cwd?: string;
  /** Revisions to check against (default: all). */
  versions?: readonly Version[];
}

/** The checks of a partner's operations, and whether every one is valid on every requested revision. */
export interface DocumentCheck {
  passed: boolean;
  result: DocumentCheckResult;
}

/**
 * Checks a partner's own GraphQL operations (`.graphql`/`.gql` files, `gql`/`graphql` templates in
 * code) against each contract revision, as `rm-harness check-documents` does without `--run`.
 */
export async function checkDocuments(
  globs: readonly string[],
  options: DocumentCheckOptions = {},
): Promise<DocumentCheck> {
  const revisions = [...(options.versions ?? VERSIONS)];
  const documents = await readPartnerDocuments(globs, options.cwd ?? process.cwd());
  const result: DocumentCheckResult = {
    revisions,
    files: documents.files,
    checks: checkOperations(documents.operations, revisions),
    syntaxErrors: documents.syntaxErrors,
  };
  return { passed: exitCodeOf(result) === 0, result };
}
