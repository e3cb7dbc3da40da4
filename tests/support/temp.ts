/** Temporary directories that clean themselves up (`await using`). */
export async function tempDir(
  prefix = "esim-rails-test-",
): Promise<AsyncDisposable & { path: string }> {
  const path = await Deno.makeTempDir({ prefix });
  return {
    path,
    async [Symbol.asyncDispose]() {
      await Deno.remove(path, { recursive: true }).catch(() => {});
    },
  };
}
