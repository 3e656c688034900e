// The framework's floor for the memory goal (tests/bench/lib/next-floor.ts): the smallest App Router app.
export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
