// swift-tools-version: 6.0
import PackageDescription

// `make` sets PBTOOL_OPTIMIZE_ENGINE so that the image and fingerprint modules compile with -O even
// in a debug build: the tests that generate and extract synthetic fingers (flows, the service, the
// stranger test) then run several times faster. unsafeFlags are refused in a package used as a
// dependency, so without the variable (an integrator's package, an IDE) the manifest has none.
let engineSettings: [SwiftSetting] = Context.environment["PBTOOL_OPTIMIZE_ENGINE"] == nil
    ? [] : [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "pbtool",
    products: [
        .library(name: "Files", targets: ["Files"]),
        .library(name: "APDU", targets: ["APDU"]),
        .library(name: "BiometricFormats", targets: ["BiometricFormats"]),
        .library(name: "PCSC", targets: ["PCSC"]),
        .library(name: "SmartCard", targets: ["SmartCard"]),
        .library(name: "VirtualCard", targets: ["VirtualCard"]),
        .library(name: "APDUScript", targets: ["APDUScript"]),
        .library(name: "Imaging", targets: ["Imaging"]),
        .library(name: "ImageCodecs", targets: ["ImageCodecs"]),
        .library(name: "Fingerprint", targets: ["Fingerprint"]),
        .library(name: "FingerprintSynthesis", targets: ["FingerprintSynthesis"]),
        .library(name: "USB", targets: ["USB"]),
        .library(name: "DBus", targets: ["DBus"]),
        .library(name: "Sensors", targets: ["Sensors"]),
        .library(name: "SimulatedSensors", targets: ["SimulatedSensors"]),
        .library(name: "TemplateStore", targets: ["TemplateStore"]),
        .library(name: "Biometry", targets: ["Biometry"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .executable(name: "pbtool", targets: ["pbtool"]),
        .executable(name: "pbbench", targets: ["pbbench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // C system libraries: a module.modulemap + shim.h each, imported by exactly one Swift module.
        .systemLibrary(name: "CPCSCLite", pkgConfig: "libpcsclite", providers: [.apt(["libpcsclite-dev"])]),
        .systemLibrary(name: "CLibUSB", pkgConfig: "libusb-1.0", providers: [.apt(["libusb-1.0-0-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CTIFF", pkgConfig: "libtiff-4", providers: [.apt(["libtiff-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "COpenJPEG", pkgConfig: "libopenjp2", providers: [.apt(["libopenjp2-7-dev"])]),
        .systemLibrary(name: "CSystemdBus", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
        // C globals and calls Swift 6 cannot reach (stdout buffering, prctl).
        .target(name: "CShims"),

        // Files a user names: read whole, written atomically, every problem named with its path.
        .target(name: "Files"),

        // Values, pure Swift, no I/O.
        .target(name: "APDU"),
        .target(name: "BiometricFormats"),
        .target(name: "Imaging", swiftSettings: engineSettings),
        .target(name: "Fingerprint", dependencies: ["Imaging", "BiometricFormats"], swiftSettings: engineSettings),
        .target(name: "FingerprintSynthesis", dependencies: ["Imaging", "Fingerprint"], swiftSettings: engineSettings),
        .target(name: "ImageCodecs", dependencies: ["Imaging", "CPNG", "CTIFF", "CJPEG", "COpenJPEG", "Files"], swiftSettings: engineSettings),

        // Bindings.
        .target(name: "PCSC", dependencies: ["CPCSCLite", "APDU"]),
        .target(name: "USB", dependencies: ["CLibUSB"]),
        // sd-bus: a system-bus connection serving exported objects on a thread of its own.
        .target(name: "DBus", dependencies: ["CSystemdBus"]),

        // Devices.
        .target(name: "SmartCard", dependencies: ["APDU", "BiometricFormats"]),
        .target(name: "VirtualCard", dependencies: ["APDU", "Fingerprint", "BiometricFormats", "SmartCard", "Files"]),
        .target(name: "APDUScript", dependencies: ["APDU"]),
        .target(name: "Sensors", dependencies: ["USB", "Imaging", "Fingerprint"]),
        // The sensor without hardware: images and synthetic fingers cut into swipe strips.
        .target(name: "SimulatedSensors", dependencies: ["Sensors", "Imaging", "Fingerprint", "FingerprintSynthesis", "ImageCodecs"],
                swiftSettings: engineSettings),

        // Storage.
        .target(name: "TemplateStore", dependencies: ["CSQLite", "COpenSSL", "BiometricFormats", "Files"]),

        // Flows and user interface.
        .target(name: "Biometry", dependencies: ["SmartCard", "Sensors", "TemplateStore", "Fingerprint", "BiometricFormats", "Imaging", "ImageCodecs", "Files"],
                swiftSettings: engineSettings),
        .target(name: "TerminalUI", dependencies: ["Imaging"]),

        // Tools.
        .executableTarget(name: "pbtool", dependencies: [
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            "APDU", "PCSC", "SmartCard", "VirtualCard", "APDUScript", "Imaging", "ImageCodecs",
            "BiometricFormats", "Fingerprint", "FingerprintSynthesis", "USB", "Sensors", "SimulatedSensors", "TemplateStore",
            "Biometry", "TerminalUI", "CShims", "Files", "DBus",
        ]),
        // Writes the man pages from the commands' own help (`make man`).
        .executableTarget(name: "pbmanual", dependencies: [
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "pbbench", dependencies: [
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            "APDU", "PCSC", "SmartCard", "VirtualCard", "APDUScript", "Imaging", "ImageCodecs",
            "BiometricFormats", "Fingerprint", "FingerprintSynthesis", "USB", "Sensors", "SimulatedSensors", "TemplateStore",
            "Biometry", "LiveCardStack", "ReferenceData", "DBus", "Spawning",
        ]),

        // What tests and benchmarks run against: pcscd with vpcd readers, the card emulator as a
        // process of its own; the data sets beside the checkout and NIST's reference tools.
        // Child processes started and awaited without Foundation's Process (posix_spawn, waitpid).
        .target(name: "Spawning"),
        .target(name: "LiveCardStack", dependencies: ["PCSC", "ReferenceData", "Spawning"]),
        .target(name: "ReferenceData", dependencies: ["Imaging", "FingerprintSynthesis", "Spawning"]),

        // Tests only: the virtual card attached in-process, running pbtool, fakes at the seams.
        .target(name: "TestSupport", dependencies: ["APDU", "Imaging", "PCSC", "VirtualCard", "Fingerprint", "FingerprintSynthesis",
                                                    "LiveCardStack", "ReferenceData", "Spawning"], path: "Tests/TestSupport"),
        .testTarget(name: "BiometricFormatsTests", dependencies: ["BiometricFormats", "FingerprintSynthesis", "TestSupport"]),
        .testTarget(name: "APDUTests", dependencies: ["APDU", "FingerprintSynthesis", "TestSupport"]),
        .testTarget(name: "APDUScriptTests", dependencies: ["APDUScript", "APDU", "VirtualCard", "FingerprintSynthesis", "TestSupport"]),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "TestSupport"]),
        .testTarget(name: "FingerprintTests", dependencies: ["Fingerprint", "FingerprintSynthesis", "Imaging", "ImageCodecs", "TestSupport"]),
        .testTarget(name: "pbtoolTests", dependencies: ["TestSupport", "APDU", "PCSC", "VirtualCard", "DBus"]),
        .testTarget(name: "SmartCardTests", dependencies: ["SmartCard", "BiometricFormats", "APDU", "PCSC", "VirtualCard", "TestSupport"]),
        .testTarget(name: "TemplateStoreTests", dependencies: ["TemplateStore", "BiometricFormats", "Files", "TestSupport"]),
        .testTarget(name: "FilesTests", dependencies: ["Files"]),
        // A child process for the store's crash and concurrency tests (killed mid-transaction).
        .executableTarget(name: "TemplateStoreWriter", dependencies: ["TemplateStore", "BiometricFormats"], path: "Tests/TemplateStoreWriter"),
        .testTarget(name: "USBTests", dependencies: ["USB", "TestSupport"]),
        .testTarget(name: "DBusTests", dependencies: ["DBus", "TestSupport"]),
        .testTarget(name: "SensorsTests", dependencies: ["Sensors", "USB", "Fingerprint", "FingerprintSynthesis", "Imaging", "ImageCodecs", "TestSupport"]),
        .testTarget(name: "SimulatedSensorsTests", dependencies: ["SimulatedSensors", "Sensors", "Fingerprint", "FingerprintSynthesis", "Imaging", "TestSupport"]),
        .testTarget(name: "ImageCodecsTests", dependencies: ["ImageCodecs", "TestSupport"]),
        .testTarget(name: "FingerprintSynthesisTests", dependencies: ["FingerprintSynthesis", "Fingerprint", "TestSupport"]),
        // The module graph docs/architecture.md shows, checked against this file.
        .testTarget(name: "ArchitectureTests"),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "Imaging"]),
        .testTarget(name: "PCSCTests", dependencies: ["PCSC", "APDU", "VirtualCard", "TestSupport"]),
        .testTarget(name: "VirtualCardTests", dependencies: ["VirtualCard", "APDU", "PCSC", "FingerprintSynthesis", "TestSupport"]),
        .testTarget(name: "BiometryTests", dependencies: ["Biometry", "APDU", "Sensors", "SimulatedSensors", "BiometricFormats", "Fingerprint", "TemplateStore", "SmartCard", "Imaging", "TestSupport"]),
        // Failing hardware and files on the real stacks (pcscd, vpcd, a full tmpfs, killed writers).
        .testTarget(name: "FaultTests", dependencies: ["TestSupport", "APDU", "PCSC", "VirtualCard"]),
        // Many APDUs and concurrent clients through pcscd, with memory read from /proc.
        .testTarget(name: "LoadTests", dependencies: ["TestSupport", "APDU", "PCSC", "VirtualCard"]),
        // A PC/SC client for LoadTests: sends APDUs in a loop and reports its own resident memory.
        .executableTarget(name: "LoadClient", dependencies: ["PCSC"], path: "Tests/LoadClient"),
    ]
)
