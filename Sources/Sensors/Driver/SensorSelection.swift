import USB

/// Which sensor a command should use, as the `--sensor` option names it.
public enum SensorSelection: Sendable, Hashable, CustomStringConvertible {
    /// The first supported sensor found on USB.
    case auto
    /// The first attached sensor of this model.
    case usb(SensorProfile)
    /// The simulated sensor over a source of images.
    case simulated(SimulatedSource)

    /// Every name `--sensor` takes, for messages and help: `auto, aes2501, … or sim[:SOURCE]`.
    public static var names: String {
        (["auto"] + SensorProfile.usbSensors.map(\.id)).joined(separator: ", ") + " or sim[:SOURCE]"
    }

    /// Parses `auto`, a model id (`aes2501`, `nb1010` …), `sim` or `sim:SOURCE`.
    public init(_ text: String) throws {
        let lowered = text.lowercased()
        if lowered == "auto" {
            self = .auto
        } else if let profile = SensorProfile.usbSensors.first(where: { $0.id == lowered }) {
            self = .usb(profile)
        } else if lowered == "sim" || lowered == "simulated" {
            self = .simulated(.defaultSource)
        } else if lowered.hasPrefix("sim:") {
            self = .simulated(try SimulatedSource(String(text.dropFirst(4))))
        } else {
            throw SensorError.unknownSensor(text)
        }
    }

    public var description: String {
        switch self {
        case .auto: "auto"
        case .usb(let profile): profile.id
        case .simulated(let source): "sim:\(source)"
        }
    }

    /// The attached sensor this selection means, or ``SensorError/noSensor(_:)`` saying what
    /// is missing. Only USB selections look at the bus.
    public func detect(in context: USBContext) throws -> DetectedSensor {
        let found = try SensorDiscovery.scan(context, checkAccess: false)
        switch self {
        case .auto:
            guard let first = found.first else {
                throw SensorError.noSensor("no supported fingerprint sensor found on USB "
                    + "(`pbtool sensor list --supported` names them); use --sensor sim to try without hardware")
            }
            return first
        case .usb(let profile):
            guard let match = found.first(where: { $0.profile.id == profile.id }) else {
                let ids = profile.usbIDs.map(\.description).joined(separator: ", ")
                throw SensorError.noSensor("no \(profile.name) (\(ids)) found on USB")
            }
            return match
        case .simulated:
            throw SensorError.noSensor("the simulated sensor is not on USB")
        }
    }
}

/// Where the simulated sensor's fingers come from: `sim:SOURCE`.
public enum SimulatedSource: Sendable, Hashable, CustomStringConvertible {
    /// A synthetic finger; the same seed gives the same finger.
    case synthetic(seed: UInt64)
    /// An image file, or a directory of images used one per swipe in name order.
    case path(String)

    /// `sim` alone: synthetic finger 1, which needs no files.
    public static let defaultSource = SimulatedSource.synthetic(seed: 1)

    /// Parses `synthetic:SEED` or a path.
    public init(_ text: String) throws {
        if text.isEmpty {
            self = .defaultSource
        } else if text.lowercased().hasPrefix("synthetic:") {
            guard let seed = UInt64(text.dropFirst("synthetic:".count)) else {
                throw SensorError.badSource("'\(text)' is not synthetic:SEED with a whole number SEED")
            }
            self = .synthetic(seed: seed)
        } else if text.lowercased() == "synthetic" {
            self = .defaultSource
        } else {
            self = .path(text)
        }
    }

    public var description: String {
        switch self {
        case .synthetic(let seed): "synthetic:\(seed)"
        case .path(let path): path
        }
    }
}
