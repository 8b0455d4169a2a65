import Foundation
import Testing
import TestSupport

/// `make deb` before it builds anything: a machine without a build dependency is told which.
/// (Building, linting, installing and removing the package is `make test-deb`, docs/packaging.md.)
@Suite(.enabled(if: ToolProcess.isInstalled("dpkg-checkbuilddeps"),
                Comment(rawValue: ToolProcess.skipMessage(["dpkg-checkbuilddeps"], package: "dpkg-dev"))))
struct PackagingTests {
    @Test func aMissingBuildDependencyIsNamedBeforeAnythingIsBuilt() throws {
        // An empty dpkg database: a machine with none of the build dependencies installed.
        let database = FileManager.default.temporaryDirectory.appendingPathComponent("pbtool-dpkg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: database, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: database) }
        try Data().write(to: database.appendingPathComponent("status"))
        let script = SharedData.repositoryRoot.appendingPathComponent("packaging/deb/build-deb.sh").path
        let outcome = try ToolProcess.run([script], environment: ["DPKG_ADMINDIR": database.path, "SWIFT": "/bin/false",
                                                                  "DEB_DIR": database.appendingPathComponent("out").path])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("Unmet build dependencies:"), "\(outcome.standardError)")
        for package in ["libjpeg62-turbo-dev", "libopenjp2-7-dev", "libpcsclite-dev", "dpkg-dev"] {
            #expect(outcome.standardError.contains(package), "\(package) is not named")
        }
        #expect(outcome.standardError.contains("make deb: install the packages named above"))
        #expect(!FileManager.default.fileExists(atPath: database.appendingPathComponent("out").path), "nothing was built")
    }

    @Test func theBuildDependenciesAreInTheMakefilesPackageList() throws {
        let control = try String(contentsOf: SharedData.repositoryRoot.appendingPathComponent("packaging/deb/build-control"), encoding: .utf8)
        let makefile = try String(contentsOf: SharedData.repositoryRoot.appendingPathComponent("Makefile"), encoding: .utf8)
        let listed = control.components(separatedBy: "Build-Depends:").last?
            .split(whereSeparator: { ", \n".contains($0) }).map(String.init) ?? []
        #expect(listed.count >= 10)
        for package in listed where !["gzip", "binutils"].contains(package) {
            #expect(makefile.contains(" \(package)"), "the Makefile's DEBIAN_PACKAGES lack \(package)")
        }
    }
}
