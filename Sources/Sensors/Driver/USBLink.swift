import USB

/// The USB side every driver has: how to reach the device, and the step interpreter while it
/// is open.
///
/// A driver made for a device claims it on ``open()``; one made over a transport (a recording
/// player in tests and benchmarks) uses that transport as it is.
public final class USBLink {
    private let connect: () throws -> any USBTransport
    private var interpreter: USBStepInterpreter?
    private let lockNode: (node: String, name: String)?
    private var lock: SensorLock?
    /// The timeout of each transfer; starts at the profile's value.
    public var transferTimeout: Duration

    /// A link to `device`, claimed with the interface and name of `profile` when opened.
    /// Opening it first takes the device's ``SensorLock``, so a second pbtool fails at once.
    public convenience init(device: USBDevice, profile: SensorProfile) {
        let interface = profile.interface, name = profile.name
        self.init(timeout: profile.transferTimeout, lock: (device.nodePath, name)) {
            try SensorAccess.open(device, interface: interface, name: name)
        }
    }

    /// A link over an already open transport.
    public convenience init(transport: any USBTransport, profile: SensorProfile) {
        self.init(timeout: profile.transferTimeout, lock: nil) { transport }
    }

    private init(timeout: Duration, lock: (node: String, name: String)?, connect: @escaping () throws -> any USBTransport) {
        self.connect = connect
        lockNode = lock
        transferTimeout = timeout
    }

    /// Transfers since the link was opened.
    public var transferCount: Int { interpreter?.transferCount ?? 0 }

    /// Claims the device and returns a fresh interpreter over it.
    func open() throws -> USBStepInterpreter {
        if let lockNode, lock == nil { lock = try SensorLock(node: lockNode.node, name: lockNode.name) }
        do {
            let opened = USBStepInterpreter(transport: try connect(), timeout: transferTimeout)
            interpreter = opened
            return opened
        } catch {
            lock = nil
            throw error
        }
    }

    /// The interpreter of an open link, or a clear error when the caller skipped `open()`.
    func steps() throws -> USBStepInterpreter {
        guard let interpreter else {
            throw SensorError.transferFailed(phase: "capture", step: 0, transfers: 0, reason: "the sensor is not open")
        }
        return interpreter
    }

    /// Drops the transport, which releases the interface and closes the device.
    func close() {
        interpreter = nil
        lock = nil
    }
}
