// Steps of the tiers that drive the real workbench (e2e, package): each step is one counted test
// that logs ✔/✗ and, on failure, runs the tier's hook (a screenshot) before going on.
export function createSteps() {
  const results = [];
  let onFailure = async () => {};
  async function step(name, fn) {
    const t0 = Date.now();
    try {
      await fn();
      results.push({ name, ok: true });
      console.log(`  ✔ ${name} (${Date.now() - t0} ms)`);
      return true;
    } catch (error) {
      results.push({ name, ok: false, error });
      await onFailure(results.length).catch(() => {});
      console.log(`  ✗ ${name}: ${error?.message ?? error}`);
      return false;
    }
  }
  return { step, results, setOnFailure: (hook) => void (onFailure = hook) };
}
