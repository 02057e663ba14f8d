import Foundation

exit(await BenchApp.main(arguments: Array(CommandLine.arguments.dropFirst())))
