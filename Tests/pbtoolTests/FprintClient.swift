import DBus

/// A client of the service's device written with the DBus module, for calls fprintd's own
/// clients never make (out of order, malformed, two at once).
final class FprintClient {
    let bus: BusClient

    init() throws {
        bus = try BusClient()
    }

    /// Calls `member` of net.reactivated.Fprint.Device.
    @discardableResult
    func device(_ member: String, _ arguments: [BusValue] = []) throws -> [BusValue] {
        try bus.call("net.reactivated.Fprint", "/net/reactivated/Fprint/Device/0", "net.reactivated.Fprint.Device", member, arguments)
    }

    /// The error `member` answers with (its name), or nil when it succeeds.
    func error(_ member: String, _ arguments: [BusValue] = []) -> String? {
        do {
            try device(member, arguments)
            return nil
        } catch {
            return (error as? BusError)?.name ?? "\(error)"
        }
    }
}
