// Prints a summary of the bundled knowledge base, or the first problem found, naming the file and field.
import { loadKnowledge } from './node';

const loaded = loadKnowledge();
if (!loaded.ok) {
  console.error(`Knowledge base invalid: ${loaded.error.message}`);
  process.exit(1);
}
const { documents, builtinItems } = loaded.value;
console.log(`  - knowledge base OK: ${documents.length} documents, ${builtinItems.length} built-in items`);
for (const doc of documents)
  console.log(`      ${doc.filePath}  (${doc.category}, ${doc.metadata.sensitivity})`);
