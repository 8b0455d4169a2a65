import USB

/// Settings a driver is made with; `init()` gives the driver's own defaults.
public protocol SensorDriverParameters: Sendable {
    init()
    /// The same settings with the pauses the protocol makes between transfers cut to nothing,
    /// for replaying a recording (a recording answers at once). By default the settings as they are.
    var withoutPauses: Self { get }
}

extension SensorDriverParameters {
    public var withoutPauses: Self { self }

    /// These settings with one changed.
    public func setting<Value>(_ key: WritableKeyPath<Self, Value>, to value: Value) -> Self {
        var copy = self
        copy[keyPath: key] = value
        return copy
    }
}

/// For drivers that take no settings.
public struct NoDriverParameters: SensorDriverParameters, Hashable {
    public init() {}
}

/// A driver of a USB sensor: it reaches its device through a ``USBLink``, is made either for a
/// device found on the bus or over an already open transport (a recording player in tests and
/// benchmarks), and reports the link's transfer count and timeout.
public protocol USBSensorDriver: FingerprintSensor {
    associatedtype Parameters: SensorDriverParameters
    /// The model this driver is for.
    static var model: SensorProfile { get }
    /// The way to the device.
    var link: USBLink { get }
    /// A driver over `link`, which is not opened until ``FingerprintSensor/open()``.
    init(link: USBLink, parameters: Parameters)
}

extension USBSensorDriver {
    /// A driver for `device`; nothing is opened until ``FingerprintSensor/open()``.
    public init(device: USBDevice, parameters: Parameters = Parameters()) {
        self.init(link: USBLink(device: device, profile: Self.model), parameters: parameters)
    }

    /// A driver over an already open transport.
    public init(transport: any USBTransport, parameters: Parameters = Parameters()) {
        self.init(link: USBLink(transport: transport, profile: Self.model), parameters: parameters)
    }

    /// ``model``.
    public var profile: SensorProfile { Self.model }

    /// Transfers since ``FingerprintSensor/open()``.
    public var transferCount: Int { link.transferCount }

    /// The timeout of each transfer; starts at the profile's (some drivers give particular reads
    /// timeouts of their own).
    public var transferTimeout: Duration {
        get { link.transferTimeout }
        set { link.transferTimeout = newValue }
    }

    /// Opens the link and runs `setUp` over it; when anything fails the driver is closed (the
    /// device released, the lock dropped) before the error goes on.
    func openLink(settingUp setUp: (USBStepInterpreter) throws -> Void) throws {
        do {
            try setUp(try link.open())
        } catch {
            close()
            throw error
        }
    }
}

/// Every USB driver, one per model, in the order `sensor list --supported` shows them.
public enum SensorDrivers {
    // Computed: a stored array of metatypes is not Sendable, so it could not be a global.
    public static var all: [any USBSensorDriver.Type] {
        [AES2501Sensor.self, VFS5011Sensor.self, VFS301Sensor.self, VFS0050Sensor.self, ElanSensor.self,
         Egis0570Sensor.self, UPEKTCSensor.self, AES3500Sensor.self, NB1010Sensor.self, VFS7552Sensor.self]
    }

    /// The driver for a sensor found on the bus (its profile is one of ``all``'s models).
    public static func driver(for sensor: DetectedSensor) -> any FingerprintSensor {
        guard let type = all.first(where: { $0.model.id == sensor.profile.id }) else {
            preconditionFailure("no driver for the \(sensor.profile.name)")
        }
        return make(type, USBLink(device: sensor.device, profile: type.model))
    }

    /// The driver of model `id` over an open transport (a recording player); with
    /// `pauses: false` its protocol pauses are cut to nothing. Nil for an unknown model.
    public static func driver(_ id: String, over transport: any USBTransport, pauses: Bool = true) -> (any FingerprintSensor)? {
        all.first { $0.model.id == id }.map { make($0, USBLink(transport: transport, profile: $0.model), pauses: pauses) }
    }

    private static func make<Driver: USBSensorDriver>(_ type: Driver.Type, _ link: USBLink, pauses: Bool = true) -> any FingerprintSensor {
        Driver(link: link, parameters: pauses ? Driver.Parameters() : Driver.Parameters().withoutPauses)
    }
}
