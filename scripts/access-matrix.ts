// Prints docs/access.md: the access table (packages/contract/src/access.ts) as Markdown.
// Usage: npx tsx scripts/access-matrix.ts > docs/access.md
import { accessMatrix, allEndpoints } from '@app/contract'

process.stdout.write(accessMatrix(allEndpoints))
