// Placeholder until the repositories are written.
import fp from 'fastify-plugin';

export default fp(async function placeholder() {}, { name: 'repositories' });
