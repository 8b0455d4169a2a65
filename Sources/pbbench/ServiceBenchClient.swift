import DBus
import Foundation

/// A client of the service's device, as fprintd-verify is one: claims the device (waiting its
/// turn while another client holds it), starts a verification and waits for its final status.
/// One thread at a time, as ``BusClient``.
final class ServiceBenchClient {
    private let bus: BusClient
    private let statuses: BusSubscription
    private static let device = ("net.reactivated.Fprint", "/net/reactivated/Fprint/Device/0", "net.reactivated.Fprint.Device")

    /// A client of the bus at `address`.
    init(address: String) throws {
        bus = try BusClient(address: address)
        statuses = try bus.subscribe(Self.device.2, "VerifyStatus")
    }

    /// Claims the device for this process's user; while another client holds it, tries again
    /// after each status that client's verification reports, or every 20 ms.
    func claim(within limit: Duration = .seconds(300)) throws {
        let deadline = ContinuousClock.now + limit
        while true {
            do {
                _ = try call("Claim", [.string("")])
                return
            } catch let error as BusError where error.name == "net.reactivated.Fprint.Error.AlreadyInUse" && ContinuousClock.now < deadline {
                _ = statuses.next(within: .milliseconds(20))
            }
        }
    }

    func release() throws {
        _ = try call("Release")
    }

    /// `VerifyStart("any")` to the final `VerifyStatus`: its result and the time between; then
    /// `VerifyStop`, untimed. The device must be claimed.
    func verify(within limit: Duration = .seconds(120)) throws -> (verdict: String, elapsed: Duration) {
        // Statuses of an earlier client's verification may still wait to be read.
        while statuses.next(within: .zero) != nil {}
        let start = ContinuousClock.now
        _ = try call("VerifyStart", [.string("any")])
        while let status = statuses.next(within: limit) {
            guard status.count == 2, status[1] == .boolean(true) else { continue }
            let elapsed = ContinuousClock.now - start
            _ = try call("VerifyStop")
            return (status[0].text ?? "\(status[0])", elapsed)
        }
        throw BenchFailure("no final VerifyStatus within \(limit)")
    }

    private func call(_ member: String, _ arguments: [BusValue] = []) throws -> [BusValue] {
        try bus.call(Self.device.0, Self.device.1, Self.device.2, member, arguments)
    }
}
