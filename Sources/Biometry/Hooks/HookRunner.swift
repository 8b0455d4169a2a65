import Foundation

/// Turns flow events into the configured hooks: runs the event's command with `/bin/sh -c`
/// (environment `PBTOOL_EVENT`, and `PBTOOL_FINGER` when a finger is known), or rings the bell.
///
/// Commands run in the background so a slow hook never delays a flow; ``finish(waiting:)``
/// waits for them before the program exits.
public final class HookRunner {
    /// What to run.
    public let configuration: HookConfiguration
    private let ringBell: () -> Void
    private var running: [Process] = []

    /// A runner for `configuration`; `ringBell` writes the bell character where the person sees it.
    public init(configuration: HookConfiguration, ringBell: @escaping () -> Void) {
        self.configuration = configuration
        self.ringBell = ringBell
    }

    /// Runs the hook of `event`, if it stands for a sound event and hooks are on.
    public func handle(_ event: BiometryEvent) {
        guard configuration.enabled, let sound = SoundEvent(event) else { return }
        guard let command = configuration.commands[sound] else {
            if configuration.bell { ringBell() }
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        var environment = ProcessInfo.processInfo.environment
        environment["PBTOOL_EVENT"] = sound.rawValue
        if let finger = Self.finger(in: event) { environment["PBTOOL_FINGER"] = finger }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        // A hook that cannot start must not stop the flow; the bell says something happened.
        do {
            try process.run()
            running.append(process)
        } catch {
            if configuration.bell { ringBell() }
        }
    }

    /// Waits up to `limit` for hooks still running, then stops waiting (they keep running).
    public func finish(waiting limit: Duration = .seconds(2)) {
        let deadline = ContinuousClock.now + limit
        while running.contains(where: \.isRunning), ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        running.removeAll()
    }

    private static func finger(in event: BiometryEvent) -> String? {
        switch event {
        case .matchAccepted(let report), .matchRejected(let report): report.finger.name
        default: nil
        }
    }
}
