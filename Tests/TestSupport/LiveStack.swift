/// The entry point of live-stack tests: exclusive use of pcscd + vpcd for the duration of `body`.
///
/// ```swift
/// @Test func selectsTheDemoApplet() async throws {
///     try await LiveStack.run { let card = try AttachedVirtualCard.attach(); defer { try? card.detach() } … }
/// }
/// ```
public enum LiveStack {
    /// Takes the live-stack locks, makes sure pcscd runs with its vpcd readers, then runs `body`.
    public static func run<Result>(_ body: () async throws -> Result) async throws -> Result {
        try await LiveStackLock.withExclusiveAccess {
            try PCSCDaemon.ensureRunning()
            return try await body()
        }
    }
}
