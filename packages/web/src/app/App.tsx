/** The root component: providers and the hash router. */
export function App() {
  return (
    <main className="flex min-h-screen items-center justify-center">
      <h1 className="text-2xl font-semibold">Rowbase</h1>
    </main>
  );
}
