// Starts Amazon's DynamoDB Local listening on one address only (127.0.0.1 unless -Dddb.host says
// otherwise). DynamoDB Local has no bind-address option: its Jetty server listens on every
// interface and takes any credentials, so anyone on the network could write to the table (an
// admin role included). This launcher builds the same server from the same command-line options
// and sets the host of its connector before it starts. local-server.ts compiles it once (this
// file run in Java's source-file mode with `--compile <dir> <this file> <class path>`, which needs
// the runtime's jdk.compiler module) and then runs the class with DynamoDBLocal.jar.
// Why: docs/decisions/0150-local-stack-on-loopback-only.md.
import java.lang.reflect.Field;
import javax.tools.ToolProvider;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

class DynamoDbLocalOnLoopback {
  public static void main(String[] args) throws Exception {
    if (args.length == 4 && args[0].equals("--compile")) {
      System.exit(ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", args[1], "-cp", args[3], args[2]));
    }
    String host = System.getProperty("ddb.host", "127.0.0.1");
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    // The Jetty server is a private field of the proxy; its connectors are not yet open.
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    for (Connector connector : server.getConnectors()) ((ServerConnector) connector).setHost(host);
    proxy.start();
    System.out.println("DynamoDB Local listening on " + host);
  }
}
