internal import CSystemdBus
#if canImport(Glibc)
import Glibc
#endif

/// A plain client of the system bus: calls methods and waits for signals on the calling
/// thread. One thread at a time (sd-bus is not thread-safe).
public final class BusClient {
    private let bus: OpaquePointer
    private var subscriptions: [BusSubscription] = []

    /// Connects to the system bus: `$DBUS_SYSTEM_BUS_ADDRESS` when set, else the standard socket.
    public init() throws(BusFailure) {
        let opened = try SystemBus.open()
        bus = opened
    }

    /// Connects to the bus at `address` (`unix:path=…`) instead.
    public init(address: String) throws(BusFailure) {
        bus = try SystemBus.open(address: address)
    }

    deinit {
        subscriptions.forEach { $0.cancel() }
        sd_bus_flush_close_unref(bus)
    }

    /// This connection's unique name (`:1.7`).
    public var uniqueName: String {
        SystemBus.uniqueName(of: bus)
    }

    /// Calls `member` and returns the reply's values, or throws the error reply.
    public func call(_ destination: String, _ path: String, _ interface: String, _ member: String,
                     _ arguments: [BusValue] = []) throws(BusError) -> [BusValue] {
        try SystemBus.call(on: bus, BusMethod(destination: destination, path: path, interface: interface, member: member), arguments)
    }

    /// Starts collecting the signals `member` of `interface` (from any sender and path).
    public func subscribe(_ interface: String, _ member: String) throws(BusFailure) -> BusSubscription {
        let subscription = BusSubscription(client: self)
        var slot: OpaquePointer?
        let code = sd_bus_match_signal(bus, &slot, nil, nil, interface, member, { message, userdata, _ in
            guard let message, let userdata else { return 0 }
            Unmanaged<BusSubscription>.fromOpaque(userdata).takeUnretainedValue().receive(message)
            return 0
        }, Unmanaged.passUnretained(subscription).toOpaque())
        guard code >= 0 else { throw BusFailure(operation: "subscribing to \(member)", code: code) }
        subscription.slot = slot
        subscriptions.append(subscription)
        return subscription
    }

    /// Processes incoming messages until `condition` holds; false when `deadline` passed first.
    func process(until deadline: ContinuousClock.Instant, _ condition: () -> Bool) -> Bool {
        while !condition() {
            let processed = sd_bus_process(bus, nil)
            if processed > 0 { continue }
            guard processed == 0, ContinuousClock.now < deadline else { return false }
            let left = ContinuousClock.now.duration(to: deadline).components
            sd_bus_wait(bus, UInt64(max(0, left.seconds)) * 1_000_000 + UInt64(max(0, left.attoseconds)) / 1_000_000_000_000 + 1)
        }
        return true
    }
}

/// The signals of one kind a ``BusClient`` has received, oldest first.
public final class BusSubscription {
    private unowned let client: BusClient
    var slot: OpaquePointer?
    private var received: [[BusValue]] = []

    init(client: BusClient) {
        self.client = client
    }

    /// The next signal's values, waiting for it up to `limit`; nil when none came.
    public func next(within limit: Duration) -> [BusValue]? {
        guard client.process(until: ContinuousClock.now + limit, { !received.isEmpty }) else { return nil }
        return received.removeFirst()
    }

    func receive(_ message: OpaquePointer) {
        received.append((try? BusMessageReader(message: message).values()) ?? [])
    }

    func cancel() {
        sd_bus_slot_unref(slot)
        slot = nil
    }
}
