// swift-tools-version: 6.0
import Foundation
import PackageDescription

// libFuzzer targets for pbtool's parsers (docs/fuzzing.md). Built on its own, never by the root
// package, because every module must be compiled with the fuzzer and address sanitizers:
//   swift build -c release -Xswiftc -enable-testing -Xswiftc -sanitize=fuzzer,address --scratch-path ../.build-fuzz
// or simply `make fuzz` in the repository root.

// A path dependency's identity is its directory's name, which differs between checkouts.
let root = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "pbtool-fuzz",
    dependencies: [
        .package(path: ".."),
    ],
    targets: [
        // libFuzzer's driver entry point, which Swift cannot declare on its own.
        .target(name: "CLibFuzzer"),
        .executableTarget(name: "pbfuzz", dependencies: [
            "CLibFuzzer",
            .product(name: "APDU", package: root),
            .product(name: "APDUScript", package: root),
            .product(name: "Fingerprint", package: root),
            .product(name: "FingerprintSynthesis", package: root),
            .product(name: "ImageCodecs", package: root),
            .product(name: "Imaging", package: root),
            .product(name: "VirtualCard", package: root),
            .product(name: "USB", package: root),
            .product(name: "Sensors", package: root),
            .product(name: "TemplateStore", package: root),
        ]),
    ]
)
